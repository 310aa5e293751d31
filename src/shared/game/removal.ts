/**
 * Removal reasons without the command schemas (and zod): the control panel's removal dialog imports these, the
 * commands module re-exports them.
 */
/** Reason codes of an immediate removal (docs/rules.md §11.5; seed 001 §3.1, §3.4, §4.7; seed 002). */
export const REMOVAL_REASONS = [
  'oath',
  'betting',
  'arguingWithJudge',
  'nightViolation',
  'refusedHandCount',
  'insult',
  'other',
] as const
export type RemovalReason = (typeof REMOVAL_REASONS)[number]
/** The removal reason codes in words, in both UI languages (messages, the removal dialog). */
export const REMOVAL_REASON_TEXT: Record<RemovalReason, { ru: string; en: string }> = {
  oath: { ru: 'клятва', en: 'oath' },
  betting: { ru: 'пари', en: 'betting' },
  arguingWithJudge: { ru: 'спор с судьёй', en: 'arguing with the judge' },
  nightViolation: { ru: 'нарушение ночью', en: 'night violation' },
  refusedHandCount: { ru: 'отказ показать руки при подсчёте', en: 'refused to show hands for the count' },
  insult: { ru: 'оскорбление', en: 'insult' },
  other: { ru: 'другое', en: 'other' },
}
