// What 본인확인 receives and keeps, and why (shown before the member starts it).
import { ko } from '../../i18n/ko';

export function IdentityPrivacy() {
  return (
    <section className="card" aria-labelledby="identity-privacy-title">
      <h2 id="identity-privacy-title" className="card__title">
        {ko.identity.privacyTitle}
      </h2>
      <ul className="identity-privacy">
        {ko.identity.privacyItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="field__hint">{ko.identity.realNameNote}</p>
    </section>
  );
}
