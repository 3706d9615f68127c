import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, pages joined by newlines (pdfjs-dist in Node). */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** The title in a PDF's document information (what a PDF viewer shows in its title bar). */
export async function pdfTitle(pdf: Buffer | Uint8Array): Promise<string | undefined> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
  await doc.destroy();
  return info.Title;
}
