/** The start page (`/`): where to go first, in Russian (default) and English. */
export const startRu = {
  title: 'Mafia Desk',
  lead: 'Панель судьи, оверлей для трансляции и база турнира. С чего начать:',
  lang: 'English',
  judge: {
    title: 'Ведущему',
    panel: 'Панель судьи',
    what: 'Ведение игры с клавиатуры: рассадка, речи, голосование, ночь, фолы. Клавиша ? — список клавиш.',
    token:
      'Панель открывается по ссылке с токеном управления, которую сервер печатает при запуске (…/control?token=…); после первого входа этот браузер его помнит.',
    keep: 'Чтобы ссылка не менялась между запусками, задайте токен: переменная MAFIA_DESK_TOKEN или npm run serve -- --token-file ./data/token.txt (файла нет — он создаётся).',
  },
  organiser: {
    title: 'Организатору',
    admin: 'Турнир и данные',
    what: 'Игроки, турниры, рассадка, таблица, протоколы и выгрузки.',
  },
  overlay: {
    title: 'Оверлей для OBS',
    what: 'Адрес для источника «Браузер» в OBS, по одному на раскладку. Фон прозрачный.',
    size: '{width}×{height}',
    copy: 'Копировать',
    copied: 'Скопировано',
    copyFailed: 'Не удалось скопировать: выделите адрес и нажмите Ctrl+C',
    open: 'Открыть',
    layouts: {
      full: 'Полная: карточки игроков, фаза, таймер',
      strip: 'Полоса карточек внизу экрана',
      bar: 'Информационная строка',
      standings: 'Турнирная таблица',
    },
  },
  obs: {
    title: 'Как подключить OBS',
    steps: [
      'В OBS: «Источники» → «+» → «Браузер». Вставьте адрес оверлея, ширину и высоту — как указано у раскладки.',
      'Поставьте источник поверх камеры стола: всё, кроме графики, прозрачно.',
      'Чтобы сцены переключались сами (ночь, голосование, конец игры): в OBS «Сервис» → «Настройки сервера WebSocket» — включите сервер, запомните порт (4455) и пароль.',
      'В панели судьи нажмите O (настройки трансляции): адрес ws://127.0.0.1:4455, пароль, «Подключить», затем выберите сцены для моментов игры.',
      'Если OBS закрыт или отключился, игра идёт дальше; панель показывает состояние подключения.',
    ],
  },
}

export const startEn: typeof startRu = {
  title: 'Mafia Desk',
  lead: 'The judge’s panel, the stream overlay and the tournament database. Where to start:',
  lang: 'Русский',
  judge: {
    title: 'For the judge',
    panel: 'Control panel',
    what: 'Run the game from the keyboard: seating, speeches, voting, night, fouls. Press ? for the key list.',
    token:
      'The panel opens from the link with the control token that the server prints at start (…/control?token=…); this browser remembers it after the first visit.',
    keep: 'To keep the same link across restarts, set the token: the MAFIA_DESK_TOKEN variable or npm run serve -- --token-file ./data/token.txt (a missing file is created).',
  },
  organiser: {
    title: 'For the organiser',
    admin: 'Tournament & data',
    what: 'Players, tournaments, seating, standings, protocols and exports.',
  },
  overlay: {
    title: 'The overlay for OBS',
    what: 'The address for an OBS browser source, one per layout. The background is transparent.',
    size: '{width}×{height}',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the address and press Ctrl+C',
    open: 'Open',
    layouts: {
      full: 'Full: player cards, phase, timer',
      strip: 'Strip of cards at the bottom',
      bar: 'Information bar',
      standings: 'Tournament standings',
    },
  },
  obs: {
    title: 'How to connect OBS',
    steps: [
      'In OBS: Sources → + → Browser. Paste the overlay address and the width and height given for its layout.',
      'Put the source above the table camera: everything but the graphics is transparent.',
      'To have scenes switch by themselves (night, voting, game end): in OBS, Tools → WebSocket Server Settings — enable the server, note its port (4455) and password.',
      'In the control panel press O (stream settings): address ws://127.0.0.1:4455, the password, Connect, then choose the scenes for the moments of the game.',
      'If OBS is closed or drops, the game goes on; the panel shows the connection state.',
    ],
  },
}
