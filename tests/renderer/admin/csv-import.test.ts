import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import CsvImport from '../../../src/renderer/src/admin/components/CsvImport.vue'
import { useStatusStore } from '../../../src/renderer/src/admin/stores/status'
import type { CsvImportResult } from '../../../src/shared/contract'
import { fakeTransport, mountSection } from './fixtures'

const BAD: CsvImportResult = {
  added: 0,
  skipped: 1,
  errors: [
    { line: 3, message: { ru: 'Строка 3: пустой ник.', en: 'Line 3: the nickname is empty.' } },
    {
      line: 5,
      message: {
        ru: 'Строка 5: 2 полей, а в заголовке 4.',
        en: 'Line 5: 2 fields but the header has 4.',
      },
    },
  ],
}

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

async function importText(result: CsvImportResult, locale: 'ru' | 'en' = 'ru') {
  const { transport, calls } = fakeTransport({ 'players.importCsv': () => result })
  const m = mountSection(CsvImport, transport, locale)
  mounted = m.wrapper
  await m.wrapper.get('[data-testid="csv-text"]').setValue('nickname;club\nАльфа;Клуб\n;Клуб\n')
  await m.wrapper.get('[data-testid="csv-import"]').trigger('click')
  await flushPromises()
  return { ...m, calls }
}

describe('CSV import report', () => {
  it('lists every bad line in Russian and says nothing was imported', async () => {
    const { wrapper, calls, pinia } = await importText(BAD)
    expect(calls).toEqual([
      { name: 'players.importCsv', params: { text: 'nickname;club\nАльфа;Клуб\n;Клуб\n' } },
    ])
    expect(wrapper.get('[data-testid="csv-failed"]').text()).toBe(
      'Ничего не импортировано: исправьте строки с ошибками (2).',
    )
    const lines = wrapper.findAll('[data-testid="csv-error"]')
    expect(lines.map((l) => l.text())).toEqual([
      'Строка 3: пустой ник.',
      'Строка 5: 2 полей, а в заголовке 4.',
    ])
    expect(lines.map((l) => l.attributes('data-line'))).toEqual(['3', '5'])
    expect(wrapper.find('[data-testid="csv-ok"]').exists()).toBe(false)
    // Nothing changed, so the other sections are not asked to reload.
    expect(useStatusStore(pinia).generation).toBe(0)
  })

  it('shows the same report in English, and follows a language switch', async () => {
    const { wrapper, i18n } = await importText(BAD, 'en')
    expect(wrapper.get('[data-testid="csv-failed"]').text()).toBe(
      'Nothing was imported: fix the lines with errors (2).',
    )
    expect(wrapper.findAll('[data-testid="csv-error"]')[0].text()).toBe('Line 3: the nickname is empty.')
    i18n.global.locale.value = 'ru'
    await flushPromises()
    expect(wrapper.findAll('[data-testid="csv-error"]')[0].text()).toBe('Строка 3: пустой ник.')
  })

  it('reports a clean import and asks the page to reload', async () => {
    const { wrapper, pinia } = await importText({ added: 2, skipped: 1, errors: [] })
    expect(wrapper.find('[data-testid="csv-error"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="csv-ok"]').text()).toBe('Добавлено игроков: 2. Уже были в реестре: 1.')
    expect(wrapper.get('[data-testid="notice"]').text()).toContain('Добавлено игроков: 2')
    expect(useStatusStore(pinia).generation).toBe(1)
  })

  it('puts a refused call in the error area', async () => {
    const { transport } = fakeTransport({
      'players.importCsv': () => {
        throw new (class extends Error {})('boom')
      },
    })
    const m = mountSection(CsvImport, transport)
    mounted = m.wrapper
    await m.wrapper.get('[data-testid="csv-text"]').setValue('x')
    await m.wrapper.get('[data-testid="csv-import"]').trigger('click')
    await flushPromises()
    expect(m.wrapper.get('[data-testid="error-text"]').text()).toContain('boom')
    expect(m.wrapper.find('[data-testid="csv-report"]').exists()).toBe(false)
  })
})
