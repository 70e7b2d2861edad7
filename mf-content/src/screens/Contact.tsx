// /contact (docs/routes.md): the contact form to guest relations (docs/contact.md).
import type { ScreenProps } from '@henhouse/kit/screen';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import { ContactForm } from '../contact/ContactForm';

export default function Contact(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-content/Contact" title="Contact Us">
      <div className="hh-contact">
        <p className="hh-contact-intro">
          A question, a problem with an order, or something we got right? Write to our guest relations team: we answer
          by email, and you get a ticket number to quote.
        </p>
        <ContactForm />
      </div>
    </ScreenFrame>
  );
}
