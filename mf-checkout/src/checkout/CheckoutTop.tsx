// The checkout's own header: the brand, a link home, and the title "Checkout". The
// checkout has no site chrome (paying is a focused task), so this is the way out; a
// guest who has typed something is asked first, since leaving loses it.
import { useState } from 'react';
import { Link, useNavigate } from '@henhouse/kit/router';
import { brandName } from '@henhouse/kit/brand';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import { Button } from '@henhouse/kit/ui/controls/Button';

export function CheckoutTop({ hasInput }: { hasInput: () => boolean }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  return (
    <header className="hh-co-top">
      <Link
        to="/"
        className="hh-co-top__brand"
        onClick={(e) => {
          if (!hasInput()) return;
          e.preventDefault();
          setAsking(true);
        }}
      >
        {brandName()}
      </Link>
      <p className="hh-co-top__title">Checkout</p>
      <Dialog
        open={asking}
        title="Leave checkout?"
        onCancel={() => setAsking(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Stay
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                setAsking(false);
                navigate('/');
              }}
            >
              Leave
            </Button>
          </>
        }
      >
        <p>What you entered will be lost.</p>
      </Dialog>
    </header>
  );
}
