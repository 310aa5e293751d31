// The floor app of `npm run peer-floor` (bench/peer-floor.ts): the least a system can do in the peer latency
// harness (../shared/peer-latency/mafia-desk/measure.mjs) while keeping what the issue requires of Mafia Desk, the
// durable commit before anyone sees a result and the server's authority. It is not the app and shares no code with
// it: plain pages without a framework (ten foul buttons and an undo button that never moves; ten cards that show a
// number), a server that keeps ten foul counts, and one SQLite transaction (WAL, synchronous=FULL: an fsync) per
// command before the overlay's push and the reply. It speaks the part of the app's contract the harness uses:
//   node serve.js --port P --db FILE   prints "READY <origin> token=<token>"
//   WebSocket /ws?token=…: hello {access}, call game.active / game.command {gameId, command: start|next|foul|undo}
//   /control?token=… (data-testid app/data-revision, foul-1..10, undo), /overlay (card-fouls-N/data-fouls) with
//   "overlay.view" pushes.
'use strict'
const http = require('node:http')
const { randomBytes } = require('node:crypto')
const { WebSocketServer } = require('ws')
const Database = require('better-sqlite3')

const arg = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : null
}
const db = new Database(arg('--db') ?? ':memory:')
db.pragma('journal_mode = WAL')
db.pragma('synchronous = FULL')
db.exec('CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, command TEXT NOT NULL)')
const insert = db.prepare('INSERT INTO events (seq, command) VALUES (?, ?)')
let seq = 0
const commit = db.transaction((command) => insert.run(++seq, JSON.stringify(command)))

const token = randomBytes(12).toString('hex')
const GAME_ID = 1
const state = {
  phase: 'setup',
  revision: 0,
  players: Array.from({ length: 10 }, () => ({ status: 'alive', fouls: 0 })),
}
const undoStack = []
const view = () => ({ phase: state.phase, revision: state.revision, players: state.players })
const overlayPush = () =>
  JSON.stringify({
    type: 'push',
    channel: 'overlay.view',
    payload: { revision: state.revision, fouls: state.players.map((p) => p.fouls) },
  })

/** Decides one command against the state; returns the change to make, or throws when it is not allowed. */
function decide(command) {
  if (command.cmd === 'start' && state.phase === 'setup') return () => (state.phase = 'night')
  if (command.cmd === 'next' && state.phase === 'night') return () => (state.phase = 'day')
  if (
    command.cmd === 'foul' &&
    state.phase === 'day' &&
    Number.isInteger(command.seat) &&
    command.seat >= 1 &&
    command.seat <= 10
  ) {
    const seat = command.seat
    if (state.players[seat - 1].fouls >= 3) throw new Error('a fourth foul is out of this floor app')
    return () => {
      state.players[seat - 1].fouls++
      undoStack.push(seat)
    }
  }
  if (command.cmd === 'undo' && undoStack.length > 0) return () => state.players[undoStack.pop() - 1].fouls--
  throw new Error(`${String(command.cmd)} is not allowed now`)
}

const page = (title, style, body, script) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>${style}</style></head>` +
  `<body>${body}<script>${script}</script></body></html>`
const CONTROL = page(
  'Floor app: control',
  'body{font:16px sans-serif;margin:20px;background:#fff}' +
    'button{width:150px;height:48px;margin:4px;background:#eee;border:1px solid #888;font:16px sans-serif}',
  '<div data-testid="app" data-revision=""><div>' +
    Array.from(
      { length: 10 },
      (_, i) => `<button data-testid="foul-${i + 1}" disabled>Фол ${i + 1}: <span>0</span></button>`,
    ).join('') +
    '</div><button data-testid="undo" disabled>Отменить</button></div>',
  `const token = new URLSearchParams(location.search).get('token')
const app = document.querySelector('[data-testid=app]')
const counts = [...document.querySelectorAll('[data-testid^=foul-] span')]
const ws = new WebSocket('ws://' + location.host + '/ws?token=' + encodeURIComponent(token))
let id = 0
let gameId = null
const show = (v) => {
  v.players.forEach((p, i) => { const t = String(p.fouls); if (counts[i].textContent !== t) counts[i].textContent = t })
  app.setAttribute('data-revision', String(v.revision))
}
const call = (method, params) => ws.send(JSON.stringify({ type: 'call', id: ++id, method, params }))
ws.onmessage = (e) => {
  const m = JSON.parse(e.data)
  if (m.type === 'hello') call('game.active', {})
  else if (m.type === 'result' && !m.ok) document.title = 'refused: ' + m.error.message.en
  else if (m.type === 'result' && m.value.gameId) {
    gameId = m.value.gameId
    show(m.value.view)
    document.querySelectorAll('button').forEach((b) => (b.disabled = false))
  } else if (m.type === 'result') show(m.value.view)
  else if (m.type === 'push') show(m.payload)
}
document.querySelectorAll('[data-testid^=foul-]').forEach((b, i) =>
  b.addEventListener('click', () => call('game.command', { gameId, command: { cmd: 'foul', seat: i + 1 } })))
document.querySelector('[data-testid=undo]').addEventListener('click', () =>
  call('game.command', { gameId, command: { cmd: 'undo' } }))`,
)
const OVERLAY = page(
  'Floor app: overlay',
  'html,body{margin:0;width:1920px;height:1080px;background:transparent;font:bold 40px sans-serif;color:#fff}' +
    '.card{position:absolute;bottom:40px;width:170px;height:120px;background:#000a}',
  Array.from(
    { length: 10 },
    (_, i) =>
      `<div class="card" style="left:${20 + i * 190}px">${i + 1}<br><span data-testid="card-fouls-${i + 1}" data-fouls="0">0</span></div>`,
  ).join(''),
  `const cards = [...document.querySelectorAll('[data-testid^=card-fouls-]')]
const ws = new WebSocket('ws://' + location.host + '/ws')
ws.onmessage = (e) => {
  const m = JSON.parse(e.data)
  if (m.type !== 'push') return
  m.payload.fouls.forEach((f, i) => {
    const t = String(f)
    if (cards[i].getAttribute('data-fouls') !== t) { cards[i].setAttribute('data-fouls', t); cards[i].textContent = t }
  })
}`,
)

const server = http.createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  const body = path === '/control' ? CONTROL : path === '/overlay' ? OVERLAY : null
  if (body === null) {
    res.writeHead(path === '/favicon.ico' ? 204 : 404)
    res.end()
    return
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(body)
})
const wss = new WebSocketServer({ server, path: '/ws' })
const controls = new Set()
const overlays = new Set()
wss.on('connection', (ws, req) => {
  const control = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token') === token
  ;(control ? controls : overlays).add(ws)
  ws.on('close', () => (control ? controls : overlays).delete(ws))
  ws.send(JSON.stringify({ type: 'hello', access: control ? 'control' : 'read' }))
  if (!control) {
    ws.send(overlayPush())
    return
  }
  ws.on('message', (data) => {
    let msg
    try {
      msg = JSON.parse(String(data))
    } catch {
      ws.send(JSON.stringify({ type: 'error', message: 'not JSON' }))
      return
    }
    const id = msg !== null && typeof msg === 'object' ? msg.id : null
    const reply = (value) => ws.send(JSON.stringify({ type: 'result', id, ok: true, value }))
    try {
      if (id === null || msg.type !== 'call') throw new Error('not a call')
      if (msg.method === 'game.active') return reply({ gameId: GAME_ID, view: view() })
      if (msg.method !== 'game.command' || msg.params?.gameId !== GAME_ID) throw new Error('unknown call')
      const change = decide(msg.params.command)
      commit(msg.params.command) // durable first: nothing is shown before the fsync
      change()
      state.revision++
      const push = overlayPush()
      for (const o of overlays) o.send(push)
      reply({ view: view() })
      const others = JSON.stringify({ type: 'push', channel: 'game.view', payload: view() })
      for (const c of controls) if (c !== ws) c.send(others)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      ws.send(
        JSON.stringify({
          type: 'result',
          id,
          ok: false,
          error: { code: 'refused', message: { en: message } },
        }),
      )
    }
  })
})
server.listen(Number(arg('--port') ?? 0), '127.0.0.1', () => {
  console.log(`READY http://127.0.0.1:${server.address().port} token=${token}`)
})
const shutDown = () => {
  wss.close()
  server.close()
  db.close()
  process.exit(0)
}
process.on('SIGTERM', shutDown)
process.on('SIGINT', shutDown)
