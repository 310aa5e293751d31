/** The OBS moments without the contract's schemas (and zod): the control panel's settings import these. */
/** Game moments the OBS director maps to scenes (issue 7). */
export const OBS_MOMENTS = [
  'zeroNight',
  'day',
  'speech',
  'voting',
  'tie',
  'lastWord',
  'night',
  'shot',
  'donCheck',
  'sheriffCheck',
  'gameEnd',
  'break',
] as const
export type ObsMoment = (typeof OBS_MOMENTS)[number]
