import { useCallback, useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

/** Until the document has been measured: about one A4 page. */
const FIRST_HEIGHT = 1100;
/**
 * Invoices are laid out for an A4 page. On a narrower screen the document is
 * laid out at the screen's width when it fits there (the shipped documents
 * reflow for phones); one that cannot (a wide table, a fixed width) is laid
 * out at the narrowest width it fits and scaled down only that much, as a PDF
 * viewer would, rather than squeezed until its table overflows.
 */
const FIRST_LAYOUT_WIDTH = 720;

/**
 * The frame runs no scripts (no `allow-scripts`, ever). Same-origin is what
 * lets this page read the document's height (a frame without it is opaque to
 * its parent, and with scripts off the document cannot report its height
 * itself); it is harmless without scripts. Pop-ups let the document's links
 * (the sanitiser gives each `target="_blank" rel="noopener noreferrer"`)
 * open in a new tab, outside the sandbox so the linked site works normally;
 * no forms and no top-level navigation, so the document cannot replace this page.
 */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/** The invoice's HTML in a frame as tall as its content. The server has sanitised it. */
export function InvoiceFrame({ html, title }: { html: string; title: string }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { ref: boxRef, width } = useElementSize();
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const [contentWidth, setContentWidth] = useState(FIRST_LAYOUT_WIDTH);
  const layoutWidth = Math.max(width, contentWidth);
  const scale = width > 0 ? width / layoutWidth : 1;

  const measure = useCallback(() => {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    if (!frame || !doc?.documentElement || width <= 0) return;
    // Lay the document out at the box's width and read how wide it needs to be;
    // then, at that width and with the frame collapsed (a document is never
    // shorter than its frame), its height. All in one go: no paint in between.
    const before = { width: frame.style.width, height: frame.style.height };
    frame.style.width = `${width}px`;
    frame.style.height = '0px';
    const needed = Math.max(width, doc.documentElement.scrollWidth);
    frame.style.width = `${needed}px`;
    const h = doc.documentElement.scrollHeight;
    frame.style.width = before.width;
    frame.style.height = before.height;
    setContentWidth(needed);
    if (h > 0) setHeight(h);
  }, [width]);

  // Another width reflows the invoice: measure again.
  useEffect(() => {
    measure();
  }, [measure]);

  return (
    <Box ref={boxRef} style={{ height: height * scale, overflow: 'hidden' }}>
      <iframe
        ref={frameRef}
        title={title}
        sandbox={SANDBOX}
        srcDoc={html}
        onLoad={measure}
        scrolling="no"
        style={{
          display: 'block',
          width: width > 0 ? layoutWidth : '100%',
          height,
          border: 0,
          background: 'white',
          transform: scale < 1 ? `scale(${scale})` : undefined,
          transformOrigin: 'top left',
        }}
      />
    </Box>
  );
}
