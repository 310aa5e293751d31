/** Human labels for commands (the undo/redo buttons, the protocol), in Russian and English. */
import type { LocalizedText } from '../../shared/errors'
import type { Command } from '../../shared/game/commands'
import { formatSigned } from '../../shared/numbers'
import type { GameEvent } from './events'

const list = (seats: number[] | undefined): string => (seats && seats.length > 0 ? seats.join(', ') : '—')

export function describeCommand(c: Command): LocalizedText {
  switch (c.cmd) {
    case 'start':
      return { ru: 'Начало игры (договорка)', en: 'Start (zero night)' }
    case 'next':
      return { ru: 'Далее', en: 'Next' }
    case 'nominate':
      return { ru: `Выставление игрока №${c.target}`, en: `Nomination of seat ${c.target}` }
    case 'withdraw':
      return { ru: 'Отзыв кандидатуры', en: 'Withdrawal of a nomination' }
    case 'vote':
      if (c.count !== undefined) {
        return {
          ru: `Голосование за №${c.candidate}: ${c.count} гол.`,
          en: `Vote for seat ${c.candidate}: ${c.count} votes`,
        }
      }
      return {
        ru: `Голосование за №${c.candidate}: ${list(c.voters)}`,
        en: `Vote for seat ${c.candidate}: ${list(c.voters)}`,
      }
    case 'liftAll':
      return { ru: `Подъём всех: за ${list(c.yes)}`, en: `Lift-all vote: yes ${list(c.yes)}` }
    case 'shot':
      if (c.shots) return { ru: 'Выстрелы', en: 'Shots' }
      return c.target == null
        ? { ru: 'Промах', en: 'Miss' }
        : { ru: `Выстрел в №${c.target}`, en: `Shot at seat ${c.target}` }
    case 'donCheck':
      return { ru: `Проверка дона: №${c.target}`, en: `Don's check: seat ${c.target}` }
    case 'sheriffCheck':
      return { ru: `Проверка шерифа: №${c.target}`, en: `Sheriff's check: seat ${c.target}` }
    case 'bestMove':
      return { ru: `Лучший ход: ${list(c.seats)}`, en: `Best move: ${list(c.seats)}` }
    case 'foul':
      return { ru: `Фол игроку №${c.seat}`, en: `Foul to seat ${c.seat}` }
    case 'unfoul':
      return { ru: `Снятие фола с №${c.seat}`, en: `Foul taken back from seat ${c.seat}` }
    case 'techFoul':
      return { ru: `Технический фол игроку №${c.seat}`, en: `Technical foul to seat ${c.seat}` }
    case 'remove':
      return { ru: `Удаление игрока №${c.seat} (${c.reason})`, en: `Removal of seat ${c.seat} (${c.reason})` }
    case 'teamDefeat':
      return { ru: `ППК игрока №${c.seat}`, en: `Team defeat by seat ${c.seat}` }
    case 'timer':
      return { ru: `Таймер: ${c.action}`, en: `Timer: ${c.action}` }
    case 'extraPoints':
      return {
        ru: `Доп. баллы №${c.seat}: ${formatSigned(c.points, 'ru')} (${c.reason})`,
        en: `Extra points seat ${c.seat}: ${formatSigned(c.points, 'en')} (${c.reason})`,
      }
    case 'comment':
      return { ru: `Комментарий: «${c.text}»`, en: `Comment: "${c.text}"` }
    case 'amend':
      return {
        ru: `Исправление по апелляции №${c.appealId} (${c.reason})`,
        en: `Amendment on appeal No. ${c.appealId} (${c.reason})`,
      }
    case 'undo':
      return { ru: 'Отмена', en: 'Undo' }
    case 'redo':
      return { ru: 'Повтор', en: 'Redo' }
  }
}

/** A label for an accepted log entry: like describeCommand, but `next` says what it ended or opened. */
export function describeEntry(entry: { command: Command; events: ReadonlyArray<GameEvent> }): LocalizedText {
  if (entry.command.cmd !== 'next') return describeCommand(entry.command)
  for (const e of entry.events) {
    switch (e.type) {
      case 'speechEnded':
        return { ru: `Конец речи игрока №${e.seat}`, en: `End of seat ${e.seat}'s speech` }
      case 'tieSpeechStarted':
        return { ru: `Перестрелка: речь игрока №${e.seat}`, en: `Tie speech of seat ${e.seat}` }
      case 'votingOpened':
        return { ru: 'Переход к голосованию', en: 'On to the vote' }
      case 'playerLeft':
        if (e.how === 'killed')
          return { ru: `Утро: убит игрок №${e.seat}`, en: `Morning: seat ${e.seat} killed` }
        break
      case 'dayStarted':
        return { ru: `Начало дня ${e.day}`, en: `Day ${e.day} begins` }
      case 'lastWordStarted':
        return { ru: `Последнее слово игрока №${e.seat}`, en: `Last word of seat ${e.seat}` }
      case 'speechesOpened':
        return { ru: 'Начало обсуждения', en: 'Speeches begin' }
      case 'nightStarted':
        return { ru: `Ночь ${e.night}`, en: `Night ${e.night}` }
      case 'gameFinished':
        return { ru: 'Конец игры', en: 'End of the game' }
    }
  }
  return describeCommand(entry.command)
}
