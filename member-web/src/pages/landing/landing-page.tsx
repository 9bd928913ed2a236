// '/': the visitor's landing page; members with a token go straight to /main (docs/product-spec.md §2).
import { Suspense, lazy, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { YouthMark } from '../../components/adults/youth-mark';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';
import { ko } from '../../i18n/ko';
import { hasAccessToken } from '../../lib/storage';
import { HeroVisual } from './hero-visual';
import { FeatureList, StepList } from './landing-sections';

// The dialog (Radix) loads on first use, or earlier when a start button is hovered or focused.
const loadLoginModal = () => import('../../components/login-modal');
const LoginModal = lazy(() => loadLoginModal().then((m) => ({ default: m.LoginModal })));
const preload = { onPointerEnter: () => void loadLoginModal(), onFocus: () => void loadLoginModal() };

export function LandingPage() {
  const [params] = useSearchParams();
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginUsed, setLoginUsed] = useState(false);
  if (hasAccessToken()) return <Navigate to="/main" replace />;
  const expired = params.get('reason') === 'expired';
  const openLogin = () => {
    setLoginUsed(true);
    setLoginOpen(true);
  };

  return (
    <>
      <a className="skip-link" href="#main">
        {ko.common.skipToContent}
      </a>
      <header className="landing-header">
        <div className="container landing-header__inner">
          <Logo />
          <nav className="landing-header__nav" aria-label={ko.nav.label}>
            <a href="#features">{ko.landing.navFeatures}</a>
            <a href="#method">{ko.landing.navMethod}</a>
          </nav>
          <button type="button" className="btn btn--primary" onClick={openLogin} {...preload}>
            {ko.landing.start}
          </button>
        </div>
      </header>

      <main id="main" className="landing">
        {expired ? (
          <div className="container">
            <p className="notice landing__expired" role="status">
              {ko.session.expiredNotice}
            </p>
          </div>
        ) : null}

        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <div className="hero__copy">
              <p className="hero__eyebrow">{ko.landing.heroEyebrow}</p>
              <h1 id="hero-title" className="hero__title">
                {ko.landing.heroTitle}
              </h1>
              <p className="hero__lead">{ko.landing.heroLead}</p>
              <div className="hero__actions">
                <button type="button" className="btn btn--primary btn--lg" onClick={openLogin} {...preload}>
                  {ko.landing.start}
                </button>
                <a className="btn btn--secondary btn--lg" href="#method">
                  {ko.landing.heroSecondary}
                </a>
              </div>
              {/* 청소년유해매체물 표시 on the first screen (docs/trust.md "The 19 mark"). */}
              <YouthMark className="hero__youth-mark" />
            </div>
            <HeroVisual />
          </div>
        </section>

        <section id="features" className="landing-section" aria-labelledby="features-title">
          <div className="container">
            <h2 id="features-title" className="section-title landing-section__title">
              {ko.landing.featuresTitle}
            </h2>
            <FeatureList />
          </div>
        </section>

        <section id="method" className="landing-section landing-section--warm" aria-labelledby="method-title">
          <div className="container">
            <h2 id="method-title" className="section-title landing-section__title">
              {ko.landing.methodTitle}
            </h2>
            <p className="section-lead landing-section__lead">{ko.landing.methodLead}</p>
            <StepList />
          </div>
        </section>

        <section className="landing-cta" aria-labelledby="cta-title">
          <div className="container">
            <div className="landing-cta__inner">
              <h2 id="cta-title" className="section-title">
                {ko.landing.ctaTitle}
              </h2>
              <p>{ko.landing.ctaBody}</p>
              <button type="button" className="btn btn--primary btn--lg" onClick={openLogin} {...preload}>
                {ko.landing.start}
              </button>
            </div>
          </div>
        </section>
      </main>

      <SiteFooter variant="public" />
      {loginUsed ? (
        <Suspense fallback={null}>
          <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
