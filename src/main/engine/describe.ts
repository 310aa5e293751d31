/** Human labels for commands (the undo/redo buttons, the protocol), in Russian and English. */
import type { LocalizedText } from '../../shared/errors'
import type { Command } from '../../shared/game/commands'
import { formatSigned } from '../../shared/numbers'
import type { GameEvent } from './events'

const list = (seats: number[] | undefined): string => (seats && seats.length > 0 ? seats.join(', ') : '—')

/** The players' names by seat (index = seat − 1): a label names the player, never the bare number, when known. */
export type SeatNames = ReadonlyArray<string> | undefined

/** A seat as a label names it: «№5 Ёж» / «seat 5 (Ёж)»; the bare number only when the name is unknown. */
function seatRef(n: number, names: SeatNames): LocalizedText {
  const name = names?.[n - 1]?.trim()
  return name ? { ru: `№${n} ${name}`, en: `seat ${n} (${name})` } : { ru: `№${n}`, en: `seat ${n}` }
}

export function describeCommand(c: Command, names?: SeatNames): LocalizedText {
  const ru = (n: number): string => seatRef(n, names).ru
  const en = (n: number): string => seatRef(n, names).en
  switch (c.cmd) {
    case 'start':
      return { ru: 'Начало игры (договорка)', en: 'Start (zero night)' }
    case 'next':
      return { ru: 'Далее', en: 'Next' }
    case 'nominate':
      return { ru: `Выставление игрока ${ru(c.target)}`, en: `Nomination of ${en(c.target)}` }
    case 'withdraw':
      return { ru: 'Отзыв кандидатуры', en: 'Withdrawal of a nomination' }
    case 'vote':
      if (c.count !== undefined) {
        return {
          ru: `Голосование за ${ru(c.candidate)}: ${c.count} гол.`,
          en: `Vote for ${en(c.candidate)}: ${c.count} votes`,
        }
      }
      return {
        ru: `Голосование за ${ru(c.candidate)}: ${list(c.voters)}`,
        en: `Vote for ${en(c.candidate)}: ${list(c.voters)}`,
      }
    case 'liftAll':
      return { ru: `Подъём всех: за ${list(c.yes)}`, en: `Lift-all vote: yes ${list(c.yes)}` }
    case 'shot':
      if (c.shots) return { ru: 'Выстрелы', en: 'Shots' }
      return c.target == null
        ? { ru: 'Промах', en: 'Miss' }
        : { ru: `Выстрел в ${ru(c.target)}`, en: `Shot at ${en(c.target)}` }
    case 'donCheck':
      return { ru: `Проверка дона: ${ru(c.target)}`, en: `Don's check: ${en(c.target)}` }
    case 'sheriffCheck':
      return { ru: `Проверка шерифа: ${ru(c.target)}`, en: `Sheriff's check: ${en(c.target)}` }
    case 'bestMove':
      return { ru: `Лучший ход: ${list(c.seats)}`, en: `Best move: ${list(c.seats)}` }
    case 'foul':
      return { ru: `Фол игроку ${ru(c.seat)}`, en: `Foul to ${en(c.seat)}` }
    case 'unfoul':
      return { ru: `Снятие фола с ${ru(c.seat)}`, en: `Foul taken back from ${en(c.seat)}` }
    case 'techFoul':
      return { ru: `Технический фол игроку ${ru(c.seat)}`, en: `Technical foul to ${en(c.seat)}` }
    case 'remove':
      return {
        ru: `Удаление игрока ${ru(c.seat)} (${c.reason})`,
        en: `Removal of ${en(c.seat)} (${c.reason})`,
      }
    case 'teamDefeat':
      return { ru: `ППК игрока ${ru(c.seat)}`, en: `Team defeat by ${en(c.seat)}` }
    case 'timer':
      return { ru: `Таймер: ${c.action}`, en: `Timer: ${c.action}` }
    case 'extraPoints':
      return {
        ru: `Доп. баллы ${ru(c.seat)}: ${formatSigned(c.points, 'ru')} (${c.reason})`,
        en: `Extra points ${en(c.seat)}: ${formatSigned(c.points, 'en')} (${c.reason})`,
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
export function describeEntry(
  entry: { command: Command; events: ReadonlyArray<GameEvent> },
  names?: SeatNames,
): LocalizedText {
  if (entry.command.cmd !== 'next') return describeCommand(entry.command, names)
  const ru = (n: number): string => seatRef(n, names).ru
  const en = (n: number): string => seatRef(n, names).en
  for (const e of entry.events) {
    switch (e.type) {
      case 'speechEnded':
        return { ru: `Конец речи игрока ${ru(e.seat)}`, en: `End of the speech of ${en(e.seat)}` }
      case 'tieSpeechStarted':
        return { ru: `Перестрелка: речь игрока ${ru(e.seat)}`, en: `Tie speech of ${en(e.seat)}` }
      case 'votingOpened':
        return { ru: 'Переход к голосованию', en: 'On to the vote' }
      case 'playerLeft':
        if (e.how === 'killed')
          return { ru: `Утро: убит игрок ${ru(e.seat)}`, en: `Morning: ${en(e.seat)} killed` }
        break
      case 'dayStarted':
        return { ru: `Начало дня ${e.day}`, en: `Day ${e.day} begins` }
      case 'lastWordStarted':
        return { ru: `Последнее слово игрока ${ru(e.seat)}`, en: `Last word of ${en(e.seat)}` }
      case 'speechesOpened':
        return { ru: 'Начало обсуждения', en: 'Speeches begin' }
      case 'nightStarted':
        return { ru: `Ночь ${e.night}`, en: `Night ${e.night}` }
      case 'gameFinished':
        return { ru: 'Конец игры', en: 'End of the game' }
    }
  }
  return describeCommand(entry.command, names)
}
