/** The HTML of the embedded identity server's sign-in page, in German or English. */
import { errorMessage, type Language } from '@backoffice/contracts';

const texts = {
  de: {
    title: 'Anmelden',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    product: 'Back Office',
  },
  en: { title: 'Sign in', email: 'E-mail', password: 'Password', submit: 'Sign in', product: 'Back Office' },
} as const;

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInPage(options: {
  language: Language;
  action: string;
  email?: string;
  error?: 'BAD_CREDENTIALS' | 'TOO_MANY_REQUESTS';
}): string {
  const t = texts[options.language];
  const error = options.error
    ? `<p class="error" role="alert" id="sign-in-error">${escape(errorMessage(options.error, options.language))}</p>`
    : '';
  return `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} · ${t.product}</title>
<link rel="stylesheet" href="/auth/assets/identity.css">
</head>
<body>
<main class="card">
<h1>${t.product}</h1>
<h2>${t.title}</h2>
${error}
<form method="post" action="${escape(options.action)}" autocomplete="on">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" required autocomplete="username" autofocus value="${escape(options.email ?? '')}" maxlength="254">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" required autocomplete="current-password" maxlength="256">
<button type="submit">${t.submit}</button>
</form>
</main>
</body>
</html>`;
}
