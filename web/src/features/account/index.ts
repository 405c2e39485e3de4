export { AuthAction } from './components/auth-action';
export { AuthContinue } from './components/auth-continue';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { ProfileView } from './components/profile-view';
export { RegisterForm } from './components/register-form';
export { SignedOutOnly } from './components/signed-out-only';
export { endSession } from './session';
export { adoptSessionToken, restoreSessionOnStart, sessionReadyAtom, userAtom } from './session-state';
