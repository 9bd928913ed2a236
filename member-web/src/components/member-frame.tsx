// The shared frame (navigation + footer, the phone's bottom tab bar) around member pages, and the member's live channel
// (the bell's count, the chat page's badges, an incoming call's ringing sheet) while a member page is open.
import { Outlet } from 'react-router-dom';
import { AfterIdle } from '../lib/idle';
import { ko } from '../i18n/ko';
import { CallRingSheet } from './call-ring-sheet';
import { IdentityGate } from './identity-gate';
import { LiveChannelProvider } from './live-channel';
import { NicknameInvite } from './nickname-invite';
import { PushOptInSheet } from './push-opt-in-sheet';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TabBar } from './tab-bar/tab-bar';

export function MemberFrame() {
  return (
    <LiveChannelProvider>
      <a className="skip-link" href="#main">
        {ko.common.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" className="frame-main">
        <Outlet />
        {/* Not on the first screen: these wait until the main thread is idle (docs/first-paint.md). */}
        <AfterIdle>
          <PushOptInSheet />
        </AfterIdle>
      </main>
      <SiteFooter />
      <TabBar />
      <AfterIdle>
        <IdentityGate />
        <NicknameInvite />
      </AfterIdle>
      {/* Listening from the start (it renders nothing until a ring): the live socket opens at idle. */}
      <CallRingSheet />
    </LiveChannelProvider>
  );
}
