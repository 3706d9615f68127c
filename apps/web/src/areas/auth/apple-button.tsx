import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconBrandApple } from '@tabler/icons-react';
import { appleSignInEnabled, startAppleSignIn } from '../../api/apple-sign-in';

/** 'Sign in with Apple', shown only when the server has Apple sign-in configured. */
export function AppleSignInButton() {
  const [enabled, setEnabled] = useState(false);
  const [going, setGoing] = useState(false);
  useEffect(() => {
    let live = true;
    void appleSignInEnabled().then((on) => live && setEnabled(on));
    return () => {
      live = false;
    };
  }, []);
  if (!enabled) return null;
  return (
    <Button
      fullWidth
      color="dark"
      leftSection={<IconBrandApple size={18} />}
      loading={going}
      onClick={() => {
        setGoing(true);
        startAppleSignIn();
      }}
    >
      Sign in with Apple
    </Button>
  );
}
