import { useCallback, useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

/** Until the document has been measured: about one A4 page. */
const FIRST_HEIGHT = 1100;
/**
 * Invoices are laid out for an A4 page; on a narrower screen the document is
 * laid out at this width and scaled down, as a PDF viewer would, rather than
 * squeezed until its table overflows.
 */
const MIN_LAYOUT_WIDTH = 720;

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
  const layoutWidth = Math.max(width, MIN_LAYOUT_WIDTH);
  const scale = width > 0 ? width / layoutWidth : 1;

  const measure = useCallback(() => {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    if (!frame || !doc?.documentElement) return;
    // A document is never shorter than its frame: collapse the frame, read the
    // height, and set it again in one go (no paint happens in between).
    const before = frame.style.height;
    frame.style.height = '0px';
    const h = doc.documentElement.scrollHeight;
    frame.style.height = before;
    if (h > 0) setHeight(h);
  }, []);

  // Another width reflows the invoice: measure again.
  useEffect(() => {
    if (width > 0) measure();
  }, [layoutWidth, width, measure]);

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
