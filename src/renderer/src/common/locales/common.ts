// Messages both pages use (docs/rules.md §0 terms).
export const commonRu = {
  roles: { civilian: 'Мирный', sheriff: 'Шериф', mafia: 'Мафия', don: 'Дон' },
  status: { alive: 'В игре', killed: 'Убит', votedOut: 'Заголосован', removed: 'Удалён' },
  phase: {
    setup: 'Подготовка',
    zeroNight: 'Договорка',
    day: 'День {n}',
    night: 'Ночь {n}',
    finished: 'Игра окончена',
  },
  step: {
    lastWord: 'Последнее слово',
    speech: 'Речь',
    voting: 'Голосование',
    tieSpeech: 'Перестрелка',
    liftAll: 'Подъём всех',
  },
  winner: { red: 'Победа мирных', black: 'Победа мафии', draw: 'Ничья' },
  seat: 'Игрок №{n}',
  connection: { connecting: 'Подключение…', closed: 'Нет связи — переподключаемся…', open: 'На связи' },
}
export const commonEn: typeof commonRu = {
  roles: { civilian: 'Civilian', sheriff: 'Sheriff', mafia: 'Mafia', don: 'Don' },
  status: { alive: 'Alive', killed: 'Killed', votedOut: 'Voted out', removed: 'Removed' },
  phase: {
    setup: 'Setup',
    zeroNight: 'Zero night',
    day: 'Day {n}',
    night: 'Night {n}',
    finished: 'Game over',
  },
  step: {
    lastWord: 'Last word',
    speech: 'Speech',
    voting: 'Voting',
    tieSpeech: 'Tie speeches',
    liftAll: 'Lift-all vote',
  },
  winner: { red: 'Reds win', black: 'Mafia wins', draw: 'Draw' },
  seat: 'Seat {n}',
  connection: { connecting: 'Connecting…', closed: 'Disconnected — reconnecting…', open: 'Connected' },
}
