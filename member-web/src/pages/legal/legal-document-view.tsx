// Renders a legal document with a table of contents; section ids are link targets (/privacy#location).
import { PublicFrame } from '../../components/public-frame';
import { ko } from '../../i18n/ko';
import type { LegalDocument } from '../../i18n/legal-ko';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';

export function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  useScrollToHash();

  return (
    <PublicFrame>
      <article className="page legal">
        <div className="container container--narrow">
          <h1 className="page-title">{doc.title}</h1>
          <p className="legal__effective">{ko.legal.updated(doc.effective)}</p>
          <p className="legal__intro">{doc.intro}</p>
          <nav className="card legal__toc" aria-labelledby="legal-toc">
            <h2 id="legal-toc" className="legal__toc-title">
              {ko.legal.toc}
            </h2>
            <ol>
              {doc.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} className="legal__section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`} className="legal__heading">
                {s.title}
              </h2>
              {s.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {s.items ? (
                <ul>
                  {s.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {s.table ? (
                // Scrolls sideways on a phone: focusable so the keyboard can scroll it (WCAG 2.1.1).
                <div className="legal__table-wrap" role="region" tabIndex={0} aria-labelledby={`${s.id}-title`}>
                  <table className="legal__table">
                    <thead>
                      <tr>
                        {s.table.head.map((h) => (
                          <th key={h} scope="col">
                            {h}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {s.table.rows.map((row) => (
                        <tr key={row[0]}>
                          {row.map((cell, i) =>
                            i === 0 ? (
                              <th key={cell} scope="row">
                                {cell}
                              </th>
                            ) : (
                              <td key={cell}>{cell}</td>
                            ),
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </section>
          ))}
        </div>
      </article>
    </PublicFrame>
  );
}
