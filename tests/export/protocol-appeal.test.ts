// The protocol of a game amended on appeal (issue 31 §1): the PDF (read back with pdftotext) and the HTML print
// «Исправлен по апелляции №N» / "Corrected on appeal No. N" with the amendment's changes and reason; the JSON
// protocol carries the amendments and reads back. The game is played by the engine from a scenario file.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gameRecord } from '../../src/main/engine'
import { runScenario } from '../../src/main/engine/scenario'
import { exportProtocol } from '../../src/main/export/commands'
import { parseProtocolJson, type ProtocolHeader } from '../../src/main/export/protocol'
import type { GameRecord } from '../../src/shared/game/record'

const header: ProtocolHeader = {
  tournament: 'Кубок апелляций',
  stage: null,
  round: 1,
  table: 1,
  gameNumber: 1,
  date: '2026-12-01',
  judge: 'Судья',
  rulesetName: 'ФИИМ',
}

let dir = ''
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mafia-protocol-appeal-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function played(file: string): GameRecord {
  const sc = JSON.parse(readFileSync(join(__dirname, '..', 'scenarios', file), 'utf8'))
  const r = runScenario(sc)
  expect(r.failures).toEqual([])
  return gameRecord(r.game!)
}

const flat = (s: string): string => s.replace(/\s+/g, ' ')

function pdfText(pdf: Buffer, name: string): string {
  const file = join(dir, name)
  writeFileSync(file, pdf)
  return flat(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }))
}

describe('protocol of a game amended on appeal', () => {
  it('the PDF prints «Исправлен по апелляции №N» with the changes, in Russian and English', async () => {
    const record = played('s72-appeal-amendment-changes-the-winner.json')
    const ru = pdfText(await exportProtocol(record, header, { format: 'pdf' }), 'ru.pdf')
    expect(ru).toContain('Исправлен по апелляции №2')
    expect(ru).toContain('ЛХ: 3, 8, 5')
    expect(ru).toContain('Исправлен по апелляции №3')
    expect(ru).toContain('победитель: красные → чёрные')
    expect(ru).toContain('the judge miscounted the vote of day 3')
    const en = pdfText(await exportProtocol(record, header, { format: 'pdf', lang: 'en' }), 'en.pdf')
    expect(en).toContain('Corrected on appeal No. 3')
    expect(en).toContain('winner: red → black')
  })

  it('the HTML lists extra points and a withdrawn penalty; the JSON protocol carries the amendments', async () => {
    const record = played('s70-appeal-amendment-extra-points.json')
    const html = (await exportProtocol(record, header, { format: 'html' })).toString('utf8')
    expect(html).toContain('Исправлен по апелляции №1')
    expect(html).toContain('доп. баллы №1: +0,4')
    expect(html).toContain('снят штраф №5: +0,7')
    const json = (await exportProtocol(record, header, { format: 'json' })).toString('utf8')
    const back = parseProtocolJson(json)
    expect(back.ok).toBe(true)
    if (!back.ok) return
    expect(back.value.record.amendments).toHaveLength(2)
    expect(back.value.record.amendments![0]).toMatchObject({
      appealId: 1,
      extraPoints: [
        { seat: 1, points: 0.4 },
        { seat: 2, points: -0.2 },
      ],
      penalties: [{ seat: 5, points: 0.7, kind: 'teamDefeat', action: 'withdraw' }],
    })
  })

  it('a game never amended prints no such line', async () => {
    const record = played('s23-team-defeat-and-extra-points.json')
    expect(record.amendments).toBeUndefined()
    const html = (await exportProtocol(record, header, { format: 'html' })).toString('utf8')
    expect(html).not.toContain('апелляции')
  })
})
