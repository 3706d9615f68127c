/**
 * The look shared by the shipped templates: A4, system fonts (the printer has
 * no network), a quiet accent colour, tables that repeat their header on a
 * new page and rows that never split. On a phone's screen (the public
 * invoice page) the header, the parties and the totals stack, so the document
 * is read at full size; print is A4 and never that narrow.
 */
export const DOCUMENT_CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: "Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif; font-size: 10pt; color: #1f2933; line-height: 1.35; }
.sheet { max-width: 186mm; margin: 0 auto; }
.top { display: flex; justify-content: space-between; align-items: flex-start; gap: 8mm; padding-bottom: 5mm; border-bottom: 2px solid #1c5d99; }
.brand { display: flex; gap: 4mm; align-items: flex-start; }
.logo { max-height: 22mm; max-width: 45mm; object-fit: contain; }
.supplier .name { font-size: 14pt; font-weight: 700; color: #1c5d99; margin-bottom: 1mm; }
.muted { color: #52606d; }
.doc { text-align: right; min-width: 62mm; }
.doc h1 { margin: 0 0 2mm; font-size: 20pt; letter-spacing: 0.5px; text-transform: uppercase; color: #1c5d99; }
.meta { margin-left: auto; border-collapse: collapse; }
.meta th { text-align: left; font-weight: 600; color: #52606d; padding: 0.6mm 4mm 0.6mm 0; white-space: nowrap; }
.meta td { text-align: right; padding: 0.6mm 0; white-space: nowrap; }
.parties { display: flex; gap: 8mm; margin: 6mm 0; }
.party { flex: 1; }
.label { font-size: 8pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.6px; color: #52606d; margin-bottom: 1mm; }
.party .who { font-weight: 700; font-size: 11pt; }
table.lines { width: 100%; border-collapse: collapse; margin-top: 2mm; }
table.lines thead { display: table-header-group; }
table.lines th { background: #1c5d99; color: #fff; font-weight: 600; text-align: left; padding: 2mm; font-size: 9pt; }
table.lines td { padding: 2mm; border-bottom: 1px solid #d9e2ec; vertical-align: top; }
table.lines tr { page-break-inside: avoid; break-inside: avoid; }
table.lines tbody tr:nth-child(even) td { background: #f5f7fa; }
.num, table.lines th.num { text-align: right; white-space: nowrap; }
.note { color: #52606d; font-size: 8.5pt; white-space: pre-line; }
.bottom { display: flex; justify-content: space-between; gap: 8mm; margin-top: 5mm; page-break-inside: avoid; break-inside: avoid; }
.notes { flex: 1; white-space: pre-line; }
table.totals { border-collapse: collapse; min-width: 72mm; }
table.totals th { text-align: left; font-weight: 400; color: #52606d; padding: 1.2mm 6mm 1.2mm 0; }
table.totals td { text-align: right; padding: 1.2mm 0; white-space: nowrap; }
table.totals tr.grand th, table.totals tr.grand td { font-weight: 700; font-size: 11.5pt; color: #1f2933; border-top: 2px solid #1c5d99; padding-top: 2mm; }
table.totals tr.due th, table.totals tr.due td { font-weight: 700; color: #1c5d99; }
.aging { width: 100%; border-collapse: collapse; margin-top: 6mm; page-break-inside: avoid; break-inside: avoid; }
.aging th { font-size: 8pt; text-transform: uppercase; color: #52606d; font-weight: 600; padding: 1.5mm 2mm; border-bottom: 1px solid #d9e2ec; text-align: right; }
.aging td { padding: 2mm; text-align: right; white-space: nowrap; }
.aging td.due { font-weight: 700; color: #1c5d99; }
.paid-stamp { display: inline-block; margin-top: 2mm; padding: 1mm 3mm; border: 2px solid #2f9e44; color: #2f9e44; font-weight: 700; letter-spacing: 1px; }
footer { margin-top: 10mm; padding-top: 3mm; border-top: 1px solid #d9e2ec; color: #52606d; font-size: 8.5pt; text-align: center; }
@media screen and (max-width: 560px) {
  .top, .parties, .bottom { flex-direction: column; gap: 4mm; }
  .doc { text-align: left; min-width: 0; }
  .meta { margin-left: 0; }
  .supplier, .party { overflow-wrap: anywhere; }
  table.totals { min-width: 0; width: 100%; }
  table.lines th, table.lines td { padding: 1.5mm; }
}
`;
