// #31 §5: the registration list reads alphabetically by nickname (the language's collator), the withdrawn last.
import { describe, expect, it } from 'vitest'
import { registrationOrder } from '../../../src/renderer/src/admin/logic/registration-order'

const p = (id: number, nickname: string, withdrawn = false) => ({ id, nickname, withdrawn })

describe('registrationOrder', () => {
  it('sorts by nickname with the Russian collator: ё with е, case ignored, numbers by value; withdrawn last', () => {
    const list = [
      p(1, 'Ёжик'),
      p(2, 'антон'),
      p(3, 'Борис', true),
      p(4, 'Игрок 10'),
      p(5, 'Игрок 9'),
      p(6, 'Ева'),
    ]
    expect(registrationOrder(list, 'ru').map((x) => x.nickname)).toEqual([
      'антон',
      'Ева',
      'Ёжик',
      'Игрок 9',
      'Игрок 10',
      'Борис',
    ])
  })

  it('keeps the input untouched and the same names in a stable order', () => {
    const list = [p(2, 'Ace'), p(1, 'ace')]
    expect(registrationOrder(list, 'en').map((x) => x.id)).toEqual([1, 2])
    expect(list.map((x) => x.id)).toEqual([2, 1])
  })
})
