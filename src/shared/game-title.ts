/** A game's name on screen, in the reader's language: «Игра 3» / «Game 3» by its number, else «Игра #12» by id. */
export function gameTitle(g: { id: number; number: number | null }, lang: string): string {
  const word = lang === 'en' ? 'Game' : 'Игра'
  return g.number ? `${word} ${g.number}` : `${word} #${g.id}`
}
