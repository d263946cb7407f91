/** The landing page ('/' signed out), loaded lazily through ./manifest.ts. */
export { LandingPage } from './landing-page.tsx';
