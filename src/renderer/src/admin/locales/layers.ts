/** Messages of issue 29 §2 (the hub keeps table tokens as hashes) for the "Tables over the network" panel. */
export const ru = {
  codeLost:
    'Код действует, но не сохранён на этом компьютере (выдан прежней версией программы или файл секретов утерян). Чтобы напечатать его, выдайте новый код.',
}

export const en: typeof ru = {
  codeLost:
    'The code works but is not kept on this computer (issued by an earlier version, or the secrets file was lost). To print it, issue a new code.',
}
