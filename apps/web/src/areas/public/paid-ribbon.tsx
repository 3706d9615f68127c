import { Box } from '@mantine/core';

/** The PAID / UNPAID band across the card's top right corner. */
export function PaidRibbon({ paid }: { paid: boolean }) {
  return (
    <Box
      data-testid="paid-ribbon"
      style={{
        position: 'absolute',
        // The band's middle crosses the corner 28px in along each edge: it stays
        // inside the card's 40px padding, clear of the document.
        top: 15,
        right: -52,
        width: 160,
        transform: 'rotate(45deg)',
        background: paid ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)',
        color: 'white',
        textAlign: 'center',
        fontWeight: 700,
        fontSize: 13,
        letterSpacing: 2,
        lineHeight: '26px',
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
