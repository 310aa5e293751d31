// In-page probes of `npm run bench:latency` (bench/latency.ts), installed with page.addInitScript before any app
// script. Plain JavaScript: it runs inside the control panel and the overlay pages, not in Node.
//  - control page: a capturing 'click' listener on window (runs first when the page dispatches a trusted click:
//    the start of every measurement) and a hook on WebSocket.prototype.send (when each game.command leaves).
//  - overlay page: a 'message' listener on the overlay's WebSocket, registered before the app's own (when each
//    overlay.view push arrives), and a MutationObserver on every card's data-fouls (when the DOM changed: its
//    callback runs right after Vue's flush, in the same task as the message), then the next rAF callback.
;(() => {
  const now = () => performance.timeOrigin + performance.now()
  const role = location.pathname.startsWith('/overlay') ? 'overlay' : 'control'
  const sockets = []
  const Native = window.WebSocket
  const probe = { role, now, clicks: [], emits: [], arrivals: [], changes: [] }
  window.__latencyProbe = probe

  if (role === 'control') {
    window.addEventListener(
      'click',
      (e) => {
        const t = now()
        const btn = e.target instanceof Element ? e.target.closest('button') : null
        probe.clicks.push({ t, target: btn ? btn.getAttribute('data-testid') : null, trusted: e.isTrusted })
      },
      true,
    )
    const send = Native.prototype.send
    Native.prototype.send = function (d) {
      if (typeof d === 'string' && d.includes('"method":"game.command"')) probe.emits.push(now())
      return send.call(this, d)
    }
  }

  let lastArrival = null
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      sockets.push(this)
      if (role === 'overlay') {
        this.addEventListener('message', (e) => {
          const d = e.data
          if (typeof d === 'string' && d.startsWith('{"type":"push","channel":"overlay.view"')) {
            lastArrival = now()
            probe.arrivals.push(lastArrival)
          }
        })
      }
    }
  }

  if (role === 'overlay') {
    const mo = new MutationObserver((records) => {
      const t = now()
      const batch = []
      for (const r of records) {
        const el = r.target
        const id = el.getAttribute('data-testid') || ''
        if (r.attributeName !== 'data-fouls' || !id.startsWith('card-fouls-')) continue
        const rec = {
          seat: Number(id.slice('card-fouls-'.length)),
          fouls: Number(el.getAttribute('data-fouls')),
          t,
          arrive: lastArrival,
          raf: null,
        }
        probe.changes.push(rec)
        batch.push(rec)
      }
      if (batch.length === 0) return
      requestAnimationFrame(() => {
        const tr = now()
        for (const rec of batch) rec.raf = tr
      })
    })
    mo.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-fouls'] })
  }

  probe.status = () => {
    const app = document.querySelector('[data-testid="app"]')
    const cards = Array.from({ length: 10 }, (_, i) => {
      const el = document.querySelector(`[data-testid="card-fouls-${i + 1}"]`)
      return el ? el.getAttribute('data-fouls') : null
    })
    return {
      open: sockets.filter((s) => s.readyState === 1).length,
      revision: app ? app.getAttribute('data-revision') : null,
      cards,
      visibility: document.visibilityState,
    }
  }
  probe.reset = () => {
    for (const k of ['clicks', 'emits', 'arrivals', 'changes']) probe[k].length = 0
  }
})()
