/** Settings: one JSON value per key (overlay settings, OBS scene maps, ...). */
import { Repo } from './core'
import { invalidInput } from './errors'
import { toJson } from './validate'

/** The setting that keeps a tournament's normaliser (by its uuid, so that it travels with the exchange file). */
export const tournamentNormaliserKey = (uuid: string): string => `standings.normaliser.${uuid}`

/** The setting that keeps the custom scoring systems (a list checked by scoringSystemSchema). */
export const CUSTOM_SCORING_SYSTEMS_KEY = 'scoring.systems'

export class SettingsRepo extends Repo {
  getSetting<T>(key: string): T | null {
    return this.guard(() => {
      const row = this.stmt('SELECT value FROM settings WHERE key = ?').get(key) as
        { value: string } | undefined
      return row ? (JSON.parse(row.value) as T) : null
    })
  }

  /** Stores any JSON value; `null` removes the key. */
  setSetting(key: string, value: unknown): void {
    if (typeof key !== 'string' || key === '')
      throw invalidInput('Пустой ключ настройки.', 'Empty setting key.')
    const json = value === null ? null : toJson(value, key)
    this.write(() => {
      if (json === null) this.stmt('DELETE FROM settings WHERE key = ?').run(key)
      else
        this.stmt(
          'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        ).run(key, json)
    })
  }
}
