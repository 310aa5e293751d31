export const controlRu = {
  title: 'Mafia Desk — судья',
  foul: 'Фол',
  foulSeat: 'Фол игроку №{n}',
  fouls: 'Фолы: {n}',
  noGame: 'Нет активной игры',
  language: 'Язык',
}
export const controlEn: typeof controlRu = {
  title: 'Mafia Desk — judge',
  foul: 'Foul',
  foulSeat: 'Foul to seat {n}',
  fouls: 'Fouls: {n}',
  noGame: 'No active game',
  language: 'Language',
}
