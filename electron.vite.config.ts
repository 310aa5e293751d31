import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'

/**
 * `npm run dev` (electron-vite dev): the renderer comes from Vite's dev server with hot reload. Pages keep the
 * paths the local server uses (`/control`, `/overlay`, `/admin`, e.g. the overlay preview's iframe), and player
 * photos and resources (sounds) come from the app's local server on MAFIA_DESK_PORT (default 4800).
 */
const PAGES = ['control', 'overlay', 'admin', 'start']
const corePort =
  process.env.MAFIA_DESK_PORT && process.env.MAFIA_DESK_PORT !== '0' ? process.env.MAFIA_DESK_PORT : '4800'
function pagePaths(): Plugin {
  return {
    name: 'mafia-desk-page-paths',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? '').split('?')
        const page = path === '/' ? 'start' : path.replace(/^\//, '')
        if (PAGES.includes(page)) req.url = `/${page}.html${query ? `?${query}` : ''}`
        next()
      })
    },
  }
}

export default defineConfig({
  main: {
    build: {
      // zod is bundled (tree-shaken) rather than required from node_modules: its CommonJS entry loads every locale
      // and module at start-up, about 40 ms of the server's start (docs/dev/performance.md, sixth round).
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          serve: resolve(__dirname, 'src/main/serve.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [vue(), pagePaths()],
    server: {
      proxy: {
        '/photos': `http://127.0.0.1:${corePort}`,
        '/resources': `http://127.0.0.1:${corePort}`,
      },
    },
    build: {
      minify: true,
      reportCompressedSize: true,
      rollupOptions: {
        input: {
          control: resolve(__dirname, 'src/renderer/control.html'),
          overlay: resolve(__dirname, 'src/renderer/overlay.html'),
          admin: resolve(__dirname, 'src/renderer/admin.html'),
          start: resolve(__dirname, 'src/renderer/start.html'),
        },
      },
    },
  },
})
