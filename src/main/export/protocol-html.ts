/** The game protocol as a self-contained printable HTML page (print CSS: A4 landscape, page 2 on its own sheet). */
import type { ProtocolModel, TableBlock } from './protocol-model'
import { labels } from './i18n'

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const cell = (text: string): string => escapeHtml(text).replace(/\n/g, '<br>')

function table(block: TableBlock, cls: string): string {
  const total = block.columns.reduce((s, c) => s + c.width, 0)
  const cols = block.columns
    .map((c) => `<col style="width:${((c.width / total) * 100).toFixed(2)}%">`)
    .join('')
  const head = block.columns.map((c) => `<th>${cell(c.label)}</th>`).join('')
  const rows =
    block.rows.length === 0
      ? `<tr><td colspan="${block.columns.length}">${cell(block.emptyText ?? '')}</td></tr>`
      : block.rows
          .map(
            (r) =>
              `<tr>${r.map((t, i) => `<td class="${block.columns[i].align ?? 'left'}">${cell(t)}</td>`).join('')}</tr>`,
          )
          .join('\n')
  const title = block.title === '' ? '' : `<h2>${cell(block.title)}</h2>`
  return `<section class="${cls}">${title}<table><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table></section>`
}

const CSS = `
@page { size: A4 landscape; margin: 9mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans Condensed", "DejaVu Sans", "Arial Narrow", Arial, sans-serif; color: #111;
  font-size: 9pt; margin: 0; }
.sheet { width: 279mm; min-height: 192mm; margin: 0 auto; padding: 0; }
.sheet + .sheet { page-break-before: always; break-before: page; }
h1 { font-size: 15pt; margin: 0 0 6pt; display: flex; align-items: baseline; gap: 10pt; }
h1 small { font-size: 10pt; font-weight: normal; color: #555; }
h1 .mark { margin-left: auto; color: #b00020; border: 1.5pt solid #b00020; padding: 1pt 6pt; font-size: 12pt; }
h2 { font-size: 10pt; margin: 8pt 0 3pt; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { border: 0.6pt solid #555; padding: 2.5pt 3pt; vertical-align: top; overflow-wrap: anywhere; }
th { background: #e6e6e6; font-weight: bold; text-align: center; }
td.center { text-align: center; } td.right { text-align: right; }
.seats td, .seats th { font-size: 9pt; padding: 3pt; }
.nights td, .days td, .nights th, .days th { font-size: 8pt; }
.header { display: grid; grid-template-columns: repeat(4, 1fr); border-left: 0.6pt solid #555; border-top: 0.6pt solid #555;
  margin-bottom: 8pt; }
.header div { border-right: 0.6pt solid #555; border-bottom: 0.6pt solid #555; padding: 2pt 4pt; }
.header .label { display: block; font-size: 6.5pt; color: #555; text-transform: uppercase; }
.header .value { font-weight: bold; font-size: 9.5pt; }
.middle { display: grid; grid-template-columns: 44% 1fr; gap: 14pt; margin-top: 8pt; }
.result { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 10pt; align-content: start; font-size: 8.5pt; }
.result dt { font-weight: bold; } .result dd { margin: 0; }
.middle h2 { margin-top: 0; }
.comments p { margin: 2pt 0; }
.ruled { height: 18pt; border-bottom: 0.4pt solid #555; }
.signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 20pt; margin-top: 22pt; }
.signatures div { border-bottom: 0.6pt solid #555; padding-bottom: 2pt; }
.page-foot { margin: 8pt 0 0; font-size: 8pt; color: #555; text-align: right; }
@media screen { body { background: #f3f3f3; } .sheet { background: #fff; padding: 9mm; margin: 10px auto;
  box-shadow: 0 1px 4px rgba(0,0,0,.2); width: 297mm; min-height: 210mm; } }
`

export function renderProtocolHtml(model: ProtocolModel): string {
  const L = labels(model.lang)
  const foot = (page: number): string =>
    `<p class="page-foot">${cell([L.pageOf(page, 2), model.footer].filter(Boolean).join(' · '))}</p>`
  const mark = model.unfinishedMark === null ? '' : `<span class="mark">${cell(model.unfinishedMark)}</span>`
  const header = model.header
    .map(([l, v]) => `<div><span class="label">${cell(l)}</span><span class="value">${cell(v)}</span></div>`)
    .join('')
  const result = model.result.map(([l, v]) => `<dt>${cell(l)}</dt><dd>${cell(v)}</dd>`).join('')
  const comments = model.comments.map((c) => `<p>${cell(c)}</p>`).join('')
  const ruled = '<div class="ruled"></div>'.repeat(Math.max(2, 6 - model.comments.length))
  const signatures = model.signatures.map((s) => `<div>${cell(s)}:</div>`).join('')
  return `<!DOCTYPE html>
<html lang="${model.lang}">
<head>
<meta charset="utf-8">
<title>${cell(model.title)}</title>
<style>${CSS}</style>
</head>
<body>
<div class="sheet page1">
<h1>${cell(model.title)}${mark}</h1>
<div class="header">${header}</div>
${table(model.seats, 'seats')}
<div class="middle"><section><h2>${cell(model.resultTitle)}</h2><dl class="result">${result}</dl></section>${table(model.nights, 'nights')}</div>
${table(model.days, 'days')}
${foot(1)}
</div>
<div class="sheet page2">
<h1>${cell(model.title)} <small>${cell(model.page2Title)} — ${cell(model.gameLine)}</small>${mark}</h1>
${table(model.reasons, 'reasons')}
${table(model.fouls, 'fouls')}
<section class="comments"><h2>${cell(model.commentsTitle)}</h2>${comments}${ruled}</section>
<div class="signatures">${signatures}</div>
${foot(2)}
</div>
</body>
</html>
`
}
