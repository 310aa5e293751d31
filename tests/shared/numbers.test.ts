import { describe, expect, it } from 'vitest'
import { formatNumber, formatSigned, parseDecimal, parseWhole } from '../../src/shared/numbers'

describe('parseDecimal: what a judge types', () => {
  it('takes a comma and a dot alike', () => {
    expect(parseDecimal('0,1')).toBe(0.1)
    expect(parseDecimal('0.1')).toBe(0.1)
    expect(parseDecimal(' 0,35 ')).toBe(0.35)
    expect(parseDecimal(',5')).toBe(0.5)
    expect(parseDecimal('1,')).toBe(1)
    expect(parseDecimal('-0,3')).toBe(-0.3)
    expect(parseDecimal('−0,3')).toBe(-0.3)
    expect(parseDecimal('+0.7')).toBe(0.7)
  })
  it('refuses what is not one number instead of guessing', () => {
    for (const bad of ['', ' ', 'abc', '0,1,2', '0.1.2', '1 000', '0,1a', '--1', '.', ',', '1e3'])
      expect(parseDecimal(bad), bad).toBeNull()
  })
})

describe('parseWhole', () => {
  it('takes whole numbers only', () => {
    expect(parseWhole('7')).toBe(7)
    expect(parseWhole(' 10 ')).toBe(10)
    expect(parseWhole('0,5')).toBeNull()
    expect(parseWhole('-1')).toBeNull()
    expect(parseWhole('-1', true)).toBe(-1)
    expect(parseWhole('')).toBeNull()
  })
})

describe('formatNumber: one format per language', () => {
  it('prints a decimal comma in Russian and a dot in English', () => {
    expect(formatNumber(1.3, 'ru')).toBe('1,3')
    expect(formatNumber(1.3, 'en')).toBe('1.3')
    expect(formatNumber(2, 'ru')).toBe('2')
    expect(formatNumber(0.25, 'en')).toBe('0.25')
  })
  it('uses a real minus sign and never prints −0', () => {
    expect(formatNumber(-0.5, 'ru')).toBe('−0,5')
    expect(formatNumber(-0.001, 'en')).toBe('0')
    expect(formatSigned(0.3, 'ru')).toBe('+0,3')
    expect(formatSigned(-0.3, 'en')).toBe('−0.3')
  })
})
