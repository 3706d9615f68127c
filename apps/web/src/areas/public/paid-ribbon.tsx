import { Box, useMatches } from '@mantine/core';

/**
 * The PAID / UNPAID band across the card's top right corner; on a phone, where
 * the card's side padding is narrow, a straight label in the card's top
 * padding instead, so it never covers the document's title.
 */
export function PaidRibbon({ paid }: { paid: boolean }) {
  const corner = useMatches({ base: false, sm: true });
  const place = corner
    ? // The band's middle crosses the corner 28px in along each edge: it stays
      // inside the card's 40px padding, clear of the document.
      { top: 15, right: -52, width: 160, transform: 'rotate(45deg)', lineHeight: '26px' }
    : { top: 8, right: 8, padding: '0 10px', lineHeight: '24px', borderRadius: 4 };
  return (
    <Box
      data-testid="paid-ribbon"
      style={{
        position: 'absolute',
        ...place,
        // Darker than the theme's shade 7 so that the white text reads at 4.5:1.
        background: paid ? 'var(--mantine-color-green-filled)' : 'var(--mantine-color-red-filled)',
        color: 'white',
        textAlign: 'center',
        fontWeight: 700,
        fontSize: 13,
        letterSpacing: 2,
        boxShadow: '0 2px 6px rgba(0,0,0,.25)',
        zIndex: 1,
        pointerEvents: 'none',
        userSelect: 'none',
      }}
    >
      {paid ? 'PAID' : 'UNPAID'}
    </Box>
  );
}
