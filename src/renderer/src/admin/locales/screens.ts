/** /admin strings of the screens room (issue 31 §5): the head judge's confirmations, in Russian and English. */
export const screensLocale = {
  ru: {
    judgeSet: 'Судья стола {table} в туре {n}: {judge}.',
    judgeCleared: 'Судья стола {table} в туре {n} снят: стол ведёт его постоянный судья.',
    archived: 'Турнир «{name}» перенесён в архив: он только для чтения.',
    unarchived: 'Турнир «{name}» возвращён из архива.',
    prepared: 'Тур {n}: игры подготовлены за столами, где их не было.',
    regOrder: 'По алфавиту; снявшиеся — в конце.',
  },
  en: {
    judgeSet: 'Judge of table {table} in round {n}: {judge}.',
    judgeCleared: "The judge of table {table} in round {n} is cleared: the table's usual judge runs it.",
    archived: 'Tournament "{name}" is archived: read-only.',
    unarchived: 'Tournament "{name}" is back from the archive.',
    prepared: 'Round {n}: games prepared at the tables that had none.',
    regOrder: 'Alphabetical; withdrawn players last.',
  },
}
