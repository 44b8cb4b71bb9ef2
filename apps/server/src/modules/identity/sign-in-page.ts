/** The HTML of the embedded identity server's sign-in page, in German or English. */
import { errorMessage, type Language } from '@backoffice/contracts';

const texts = {
  de: {
    title: 'Anmelden',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    product: 'Back Office',
    codeTitle: 'Zweiter Faktor',
    codeHint:
      'Geben Sie den sechsstelligen Code Ihrer Authenticator-App ein – oder einen Ihrer Wiederherstellungscodes.',
    code: 'Code',
    codeSubmit: 'Bestätigen',
  },
  en: {
    title: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    product: 'Back Office',
    codeTitle: 'Second factor',
    codeHint: 'Enter the six-digit code of your authenticator app — or one of your recovery codes.',
    code: 'Code',
    codeSubmit: 'Confirm',
  },
} as const;

type PageError = 'BAD_CREDENTIALS' | 'TOO_MANY_REQUESTS' | 'SECOND_FACTOR_CODE_WRONG';

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInPage(options: {
  language: Language;
  action: string;
  email?: string;
  error?: PageError;
}): string {
  const t = texts[options.language];
  return page(
    options.language,
    t.title,
    `${errorParagraph(options.language, options.error)}
<form method="post" action="${escape(options.action)}" autocomplete="on">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" required autocomplete="username" autofocus value="${escape(options.email ?? '')}" maxlength="254">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" required autocomplete="current-password" maxlength="256">
<button type="submit">${t.submit}</button>
</form>`,
  );
}

/** The second step of signing in (issue 15): the code of the authenticator app, or a recovery code. */
export function secondFactorPage(options: { language: Language; action: string; error?: PageError }): string {
  const t = texts[options.language];
  return page(
    options.language,
    t.codeTitle,
    `${errorParagraph(options.language, options.error)}
<p class="hint">${t.codeHint}</p>
<form method="post" action="${escape(options.action)}" autocomplete="off">
<label for="code">${t.code}</label>
<input id="code" name="code" type="text" required autocomplete="one-time-code" inputmode="text" autofocus maxlength="64" spellcheck="false" autocapitalize="off">
<button type="submit">${t.codeSubmit}</button>
</form>`,
  );
}

function errorParagraph(language: Language, error: PageError | undefined): string {
  return error
    ? `<p class="error" role="alert" id="sign-in-error">${escape(errorMessage(error, language))}</p>`
    : '';
}

function page(language: Language, title: string, body: string): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${t.product}</title>
<link rel="stylesheet" href="/auth/assets/identity.css">
</head>
<body>
<main class="card">
<h1>${t.product}</h1>
<h2>${title}</h2>
${body}
</main>
</body>
</html>`;
}
