/** The exchange file's whole-database export and the import's report of the club's data: Russian and English. */
const ru = {
  scopeAll: 'Всю базу',
  allHint:
    'Все турниры и игры, реестр игроков, сезоны, пары игроков, свои системы подсчёта очков, нормировки и апелляции с их историей — для переноса на другой компьютер.',
  importedClub:
    'Апелляций: {appeals}, сезонов: {seasons}, пар игроков: {pairs}, своих систем подсчёта: {systems} (то, что уже было в базе, не повторяется).',
}

const en: typeof ru = {
  scopeAll: 'The whole database',
  allHint:
    'Every tournament and game, the player registry, the seasons, the pairs of players, the custom scoring systems, the normalisers and the appeals with their history — to move to another computer.',
  importedClub:
    'Appeals: {appeals}, seasons: {seasons}, pairs of players: {pairs}, custom scoring systems: {systems} (what was already in the database is not repeated).',
}

export default { ru, en }
