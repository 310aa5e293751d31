/**
 * Ruleset names in one language: the built-in rulesets are named in both («ФИИМ / FIIM»); a screen or a
 * protocol shows the part of its own language. A name without « / » (a club's own ruleset) is shown as typed.
 */
export function rulesetName(name: string, lang: string): string {
  const parts = name.split(' / ')
  if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim()) return name
  return (lang === 'en' ? parts[1] : parts[0]).trim()
}
