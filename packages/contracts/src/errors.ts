/**
 * The error catalogue (spec §8): every error the API answers with has a code here, its HTTP status and
 * its message in every interface language. The server localises `message` by the request's language;
 * the web app shows the catalogue message of `code` in the user's current language.
 */
import type { Language } from './languages';

interface ErrorDefinition {
  status: number;
  messages: Record<Language, string>;
}

function define(status: number, en: string, de: string): ErrorDefinition {
  return { status, messages: { en, de } };
}

export const errorCatalogue = {
  // Generic
  INTERNAL: define(
    500,
    'Something went wrong on our side. Please try again later.',
    'Auf unserer Seite ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  ),
  BAD_REQUEST: define(
    400,
    'The request could not be processed.',
    'Die Anfrage konnte nicht verarbeitet werden.',
  ),
  VALIDATION_FAILED: define(400, 'The input is not valid.', 'Die Eingabe ist nicht gültig.'),
  UNSTORABLE_TEXT: define(
    400,
    'The input contains characters that cannot be stored: the NUL character or an incomplete Unicode character.',
    'Die Eingabe enthält Zeichen, die nicht gespeichert werden können: das NUL-Zeichen oder ein unvollständiges Unicode-Zeichen.',
  ),
  NOT_FOUND: define(404, 'This page could not be found', 'Diese Seite konnte nicht gefunden werden'),
  RECORD_NOT_FOUND: define(
    404,
    'The record does not exist (any more).',
    'Der Datensatz existiert nicht (mehr).',
  ),
  STALE_VERSION: define(
    409,
    'Someone else changed this record in the meantime. Reload it and apply your change again.',
    'Jemand anderes hat diesen Datensatz inzwischen geändert. Laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
  ),
  METHOD_NOT_ALLOWED: define(
    405,
    'This method is not allowed here.',
    'Diese Methode ist hier nicht erlaubt.',
  ),
  PAYLOAD_TOO_LARGE: define(413, 'The request is too large.', 'Die Anfrage ist zu groß.'),
  UNSUPPORTED_MEDIA_TYPE: define(
    415,
    'The request has an unsupported content type.',
    'Die Anfrage hat einen nicht unterstützten Inhaltstyp.',
  ),
  TOO_MANY_REQUESTS: define(
    429,
    'Too many requests. Please wait a moment.',
    'Zu viele Anfragen. Bitte warten Sie einen Moment.',
  ),
  UNAUTHENTICATED: define(401, 'Please sign in.', 'Bitte melden Sie sich an.'),
  NO_PERMISSION: define(403, 'No permission.', 'Keine Berechtigung.'),
  BAD_CREDENTIALS: define(401, 'Bad credentials', 'Ungültige Anmeldedaten'),
  OWN_USER: define(
    403,
    'This action cannot be processed on the own user.',
    'Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.',
  ),
  PASSWORDS_DONT_MATCH: define(400, "Passwords don't match.", 'Die Passwörter stimmen nicht überein.'),
  SECOND_FACTOR_ENROLMENT_REQUIRED: define(
    403,
    'Your role requires a second factor. Set it up on your account first.',
    'Ihre Rolle erfordert einen zweiten Faktor. Richten Sie ihn zuerst in Ihrem Konto ein.',
  ),
  SECOND_FACTOR_CODE_WRONG: define(400, 'The code is not correct.', 'Der Code ist nicht korrekt.'),
  SECOND_FACTOR_ALREADY_ENROLLED: define(
    409,
    'A second factor is already set up.',
    'Ein zweiter Faktor ist bereits eingerichtet.',
  ),
  SECOND_FACTOR_NOT_ENROLLED: define(
    409,
    'No second factor is set up.',
    'Es ist kein zweiter Faktor eingerichtet.',
  ),
  SECOND_FACTOR_REQUIRED_FOR_ROLE: define(
    409,
    'Your role requires a second factor: it cannot be switched off.',
    'Ihre Rolle erfordert einen zweiten Faktor: er kann nicht abgeschaltet werden.',
  ),
  STEP_UP_REQUIRED: define(
    403,
    'Please confirm that it is you: this action needs a fresh confirmation.',
    'Bitte bestätigen Sie, dass Sie es sind: Diese Aktion erfordert eine erneute Bestätigung.',
  ),
  SECOND_FACTOR_AT_ISSUER: define(
    409,
    'The second factor is managed by the sign-in service: use it there.',
    'Der zweite Faktor wird vom Anmeldedienst verwaltet: Verwenden Sie ihn dort.',
  ),
  SECOND_FACTOR_REQUIRED_AT_ISSUER: define(
    403,
    'Your role requires a second factor: sign in with it at the sign-in service.',
    'Ihre Rolle erfordert einen zweiten Faktor: Melden Sie sich damit beim Anmeldedienst an.',
  ),
  CURRENT_PASSWORD_WRONG: define(
    400,
    'The current password is not correct.',
    'Das aktuelle Passwort ist nicht korrekt.',
  ),
  USERNAME_TAKEN: define(409, 'Username already taken.', 'Der Benutzername ist bereits vergeben.'),
  EMAIL_TAKEN: define(
    409,
    'E-mail address already used by another user.',
    'Die E-Mail-Adresse wird bereits von einem anderen Benutzer verwendet.',
  ),
  NO_DATA: define(404, 'No data found.', 'Keine Daten gefunden.'),

  // Connectivity
  BACKEND_UNREACHABLE: define(
    503,
    'No connection to the backoffice backend.',
    'Keine Verbindung zum Backoffice-Backend.',
  ),
  BRIDGE_UNREACHABLE: define(502, 'No connection to the bridge.', 'Keine Verbindung zur Bridge.'),
  BRIDGE_TIMEOUT: define(504, 'Bridge does not respond.', 'Die Bridge antwortet nicht.'),
  BRIDGE_ERROR: define(
    502,
    'The bridge answered with an error.',
    'Die Bridge hat mit einem Fehler geantwortet.',
  ),
  BRIDGE_INVALID_ANSWER: define(
    502,
    'The answer of the bridge cannot be read.',
    'Die Antwort der Bridge ist nicht lesbar.',
  ),
  BRIDGE_REJECTED_SIGNATURE: define(
    502,
    'The bridge refused the signature. Check the shared secret of the bridge.',
    'Die Bridge hat die Signatur abgelehnt. Prüfen Sie das gemeinsame Geheimnis der Bridge.',
  ),
  BRIDGE_BOOKING_KEY_CONFLICT: define(
    409,
    'The bridge already booked something else under this booking key.',
    'Die Bridge hat unter diesem Buchungsschlüssel bereits etwas anderes gebucht.',
  ),
  BRIDGE_BOOKING_REJECTED: define(
    422,
    'The operator refused the booking.',
    'Der Operator hat die Buchung abgelehnt.',
  ),
  SECRET_UNREADABLE: define(
    503,
    'A stored secret cannot be decrypted with the configured keys. The operators must add the key it was encrypted with to SECRETS_KEY_PREVIOUS.',
    'Ein gespeichertes Geheimnis lässt sich mit den konfigurierten Schlüsseln nicht entschlüsseln. Der Betrieb muss den Schlüssel, mit dem es verschlüsselt wurde, in SECRETS_KEY_PREVIOUS eintragen.',
  ),
  DATABASE_UNAVAILABLE: define(
    503,
    'The database cannot be reached at the moment. Please try again in a moment.',
    'Die Datenbank ist im Moment nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  ),
  REPORTING_UNAVAILABLE: define(
    503,
    'Reporting service does not respond.',
    'Der Reporting-Service antwortet nicht.',
  ),

  // Platform data (ingest API)
  PLATFORM_UNKNOWN_CASINO: define(
    422,
    'Unknown casino, or the casino is not bound to the integration of the API key.',
    'Unbekanntes Casino, oder das Casino ist nicht an die Integration des API-Schlüssels gebunden.',
  ),
  PLATFORM_UNKNOWN_GAME: define(422, 'Unknown game.', 'Unbekanntes Spiel.'),
  ROUND_FIELD_IMMUTABLE: define(
    422,
    "A round's integration, player, game and currency cannot change.",
    'Integration, Spieler, Spiel und Währung einer Spielrunde können sich nicht ändern.',
  ),
  ROUND_START_OUT_OF_RANGE: define(
    422,
    'The start of the round must lie between the year 2000 and tomorrow.',
    'Der Beginn der Spielrunde muss zwischen dem Jahr 2000 und morgen liegen.',
  ),
  ROUND_UPDATED_BEFORE_START: define(
    400,
    'A round cannot change before it started.',
    'Eine Spielrunde kann sich nicht vor ihrem Beginn ändern.',
  ),
  ROUND_MONEY_SPLIT_MISMATCH: define(
    400,
    'Real, bonus and voucher money must add up to the debit.',
    'Echtgeld, Bonusgeld und Gutscheine müssen zusammen die Belastung ergeben.',
  ),

  // Player support
  ROUND_ID_REQUIRED: define(400, 'Enter the game round id.', 'Geben Sie die Spielrunden-ID ein.'),
  CONFIRMATION_MISMATCH: define(
    400,
    'The confirmation does not match. Type the text shown exactly.',
    'Die Bestätigung stimmt nicht überein. Geben Sie den angezeigten Text genau ein.',
  ),
  ROUND_NOT_OPEN: define(
    409,
    'The game round is not open (any more).',
    'Die Spielrunde ist nicht (mehr) offen.',
  ),
  ROUND_CLOSE_IN_PROGRESS: define(
    409,
    'This game round is already being closed.',
    'Diese Spielrunde wird bereits geschlossen.',
  ),
  JOB_ALREADY_QUEUED: define(
    409,
    'A run of this job is already waiting to start.',
    'Ein Lauf dieser Aufgabe wartet bereits auf seinen Start.',
  ),
  JOBS_NOT_RUNNING: define(
    503,
    'Background jobs do not run on this server; try again later.',
    'Auf diesem Server laufen keine Hintergrundaufgaben; versuchen Sie es später erneut.',
  ),
  ROUND_CLOSE_NOT_PENDING: define(
    409,
    'There is no pending booking of this game round to retry.',
    'Für diese Spielrunde gibt es keine ausstehende Buchung, die wiederholt werden kann.',
  ),
  REFUND_AFTER_WIN: define(
    409,
    'Refund is not possible once the player has won.',
    'Eine Erstattung ist nicht möglich, sobald der Spieler gewonnen hat.',
  ),
  NO_WIN_TO_BOOK: define(
    409,
    'The round has no win left to book.',
    'Die Spielrunde hat keinen Gewinn, der noch gebucht werden kann.',
  ),
  NO_BET_TO_REFUND: define(
    409,
    'The round has no bet to refund.',
    'Die Spielrunde hat keinen Einsatz, der erstattet werden kann.',
  ),
  SAVEGAME_NOT_RESTORABLE: define(
    409,
    'The savegame holds no game state any more.',
    'Der Spielstand enthält keinen Spielzustand mehr.',
  ),

  // Master data
  JURISDICTION_NAME_TAKEN: define(
    409,
    'Jurisdiction name already taken.',
    'Der Name der Jurisdiktion ist bereits vergeben.',
  ),
  JURISDICTION_IN_USE: define(
    409,
    'Jurisdiction in use by a casino.',
    'Die Jurisdiktion wird von einem Casino verwendet.',
  ),
  JURISDICTION_USED_BY_GAME_VERSIONS: define(
    409,
    'Jurisdiction in use by game versions.',
    'Die Jurisdiktion wird von Spielversionen verwendet.',
  ),
  JURISDICTION_NOT_FOUND: define(404, 'Jurisdiction does not exist.', 'Die Jurisdiktion existiert nicht.'),

  // Operators
  BRIDGE_NAME_TAKEN: define(409, 'Bridge name already taken.', 'Der Name der Bridge ist bereits vergeben.'),
  BRIDGE_NOT_FOUND: define(404, 'Bridge does not exist.', 'Die Bridge existiert nicht.'),
  BRIDGE_IN_USE: define(
    409,
    'Bridge in use by integrations.',
    'Die Bridge wird von Integrationen verwendet.',
  ),
  CASINO_ID_TAKEN: define(409, 'Casino id already taken.', 'Die Casino-ID ist bereits vergeben.'),
  CASINO_GAME_ALREADY_ASSIGNED: define(
    409,
    'Game already assigned to the casino.',
    'Das Spiel ist dem Casino bereits zugeordnet.',
  ),
  CASINO_IS_INTEGRATION_DEFAULT: define(
    409,
    'Casino is the default of an integration.',
    'Das Casino ist das Standard-Casino einer Integration.',
  ),
  OPERATOR_API_CONFIG_NOT_APPLICABLE: define(
    400,
    'Operator API config not applicable to the operator API.',
    'Die Konfiguration passt nicht zur Operator-API.',
  ),
  INTEGRATION_ID_TAKEN: define(
    409,
    'Integration id already taken.',
    'Die Integrations-ID ist bereits vergeben.',
  ),
  INTEGRATION_HAS_CASINOS: define(
    409,
    'Casinos bound to the integration.',
    'An die Integration sind Casinos gebunden.',
  ),
  INTEGRATION_OPTION_NAME_TAKEN: define(
    409,
    'Integration option name already taken.',
    'Der Name der Integrationsoption ist bereits vergeben.',
  ),
  CASINO_NOT_FOUND: define(404, 'Casino does not exist.', 'Das Casino existiert nicht.'),
  CASINO_BOUND_TO_INTEGRATION: define(
    409,
    'Casino is bound to an integration.',
    'Das Casino ist an eine Integration gebunden.',
  ),
  CASINO_GAME_NOT_ASSIGNED: define(
    404,
    'Game is not assigned to the casino.',
    'Das Spiel ist dem Casino nicht zugeordnet.',
  ),
  BRIDGE_USED_BY_CASINOS: define(409, 'Bridge in use by casinos.', 'Die Bridge wird von Casinos verwendet.'),
  INTEGRATION_NOT_FOUND: define(404, 'Integration does not exist.', 'Die Integration existiert nicht.'),
  INTEGRATION_GAME_ALREADY_ASSIGNED: define(
    409,
    'Game already assigned to the integration.',
    'Das Spiel ist der Integration bereits zugeordnet.',
  ),
  INTEGRATION_GAME_NOT_ASSIGNED: define(
    404,
    'Game is not assigned to the integration.',
    'Das Spiel ist der Integration nicht zugeordnet.',
  ),
  INTEGRATION_RULE_TEST_FAILED: define(
    400,
    'A rule test fails: the rules do not route its launch to the expected casino.',
    'Ein Regeltest schlägt fehl: Die Regeln leiten seinen Start nicht zum erwarteten Casino.',
  ),
  INTEGRATION_OPTION_NOT_FOUND: define(
    404,
    'Integration option does not exist.',
    'Die Integrationsoption existiert nicht.',
  ),
  INTEGRATION_OPTION_VALUE_INVALID: define(
    400,
    'The value does not fit the data type of the integration option.',
    'Der Wert passt nicht zum Datentyp der Integrationsoption.',
  ),
  GAME_IN_USE: define(
    409,
    'Game is assigned to casinos or integrations.',
    'Das Spiel ist Casinos oder Integrationen zugeordnet.',
  ),
  FX_RATE_EXISTS: define(
    409,
    'There is already a rate for this currency on this day.',
    'Für diese Währung gibt es an diesem Tag bereits einen Kurs.',
  ),
  FX_IMPORT_INVALID: define(
    400,
    'The import has invalid lines; nothing was imported.',
    'Der Import enthält ungültige Zeilen; es wurde nichts importiert.',
  ),
  INTEGRATION_OPTION_IN_USE: define(
    409,
    'Integration option in use.',
    'Die Integrationsoption wird verwendet.',
  ),

  // Game catalogue
  GAME_ID_TAKEN: define(409, 'Game id already used.', 'Die Spiel-ID wird bereits verwendet.'),
  GAME_NOT_FOUND: define(404, 'Game does not exist.', 'Das Spiel existiert nicht.'),
  GAME_STUDIO_IN_USE: define(
    409,
    'Game studio assigned to a game.',
    'Das Spielstudio ist einem Spiel zugeordnet.',
  ),
  GAME_STUDIO_NAME_TAKEN: define(
    409,
    'Game studio name already taken.',
    'Der Name des Spielstudios ist bereits vergeben.',
  ),
  GAME_STUDIO_NOT_FOUND: define(404, 'Game studio does not exist.', 'Das Spielstudio existiert nicht.'),
  GAME_PROVIDER_HAS_GAMES: define(
    409,
    'Games are bound to the game provider.',
    'An den Spieleanbieter sind Spiele gebunden.',
  ),
  GAME_PROVIDER_CONFIGURED_FOR_CASINOS: define(
    409,
    'Game provider is configured for casinos.',
    'Der Spieleanbieter ist für Casinos konfiguriert.',
  ),
  GAME_PROVIDER_ID_TAKEN: define(
    409,
    'Game provider id already taken.',
    'Die ID des Spieleanbieters ist bereits vergeben.',
  ),
  GAME_PROVIDER_NAME_TAKEN: define(
    409,
    'Game provider name already taken.',
    'Der Name des Spieleanbieters ist bereits vergeben.',
  ),
  GAME_PROVIDER_CONFIG_NOT_APPLICABLE: define(
    400,
    'Game provider config not applicable to the API.',
    'Die Konfiguration des Spieleanbieters passt nicht zur API.',
  ),
  GAME_PROVIDER_BOUND_NOT_FOUND: define(
    404,
    'The bound game provider was not found.',
    'Der gebundene Spieleanbieter wurde nicht gefunden.',
  ),
  GAME_PROVIDER_NOT_FOUND: define(
    404,
    'Game provider does not exist.',
    'Der Spieleanbieter existiert nicht.',
  ),
  GAME_VERSION_TAKEN: define(
    409,
    'Game version number already taken.',
    'Die Versionsnummer des Spiels ist bereits vergeben.',
  ),
  GAME_VERSION_ALREADY_ACTIVE: define(
    409,
    'This game version is already active.',
    'Diese Spielversion ist bereits aktiv.',
  ),
  GAME_VERSION_ALREADY_INACTIVE: define(
    409,
    'This game version is already inactive.',
    'Diese Spielversion ist bereits inaktiv.',
  ),

  // CPV
  HASH_NOT_UNIQUE: define(409, 'Hash must be unique.', 'Der Hash muss eindeutig sein.'),
  ALLOWED_HASH_NOT_FOUND: define(
    404,
    'The allowed hash does not exist.',
    'Der erlaubte Hash existiert nicht.',
  ),
  ALLOWED_HASH_RETIRED: define(
    409,
    'This hash has already been retired.',
    'Dieser Hash wurde bereits außer Dienst gestellt.',
  ),
  CPV_CHECK_NOT_FOUND: define(404, 'The check does not exist.', 'Die Prüfung existiert nicht.'),
  CPV_UNKNOWN_COMPONENT: define(
    400,
    'There is no such component to check (any more).',
    'Diese Komponente gibt es (nicht mehr) zu prüfen.',
  ),
  ALERT_NOT_FOUND: define(404, 'The alert does not exist.', 'Der Alarm existiert nicht.'),
  ALERT_ALREADY_ACKNOWLEDGED: define(
    409,
    'Someone has already acknowledged this alert.',
    'Jemand hat diesen Alarm bereits bestätigt.',
  ),

  // Identity service
  IDENTITY_ADD_USER_FAILED: define(
    502,
    'Error adding the user in the identity service.',
    'Fehler beim Anlegen des Benutzers im Identitätsdienst.',
  ),
  IDENTITY_EDIT_USER_FAILED: define(
    502,
    'Error editing the user in the identity service.',
    'Fehler beim Bearbeiten des Benutzers im Identitätsdienst.',
  ),
  IDENTITY_DELETE_USER_FAILED: define(
    502,
    'Error deleting the user in the identity service.',
    'Fehler beim Löschen des Benutzers im Identitätsdienst.',
  ),
  IDENTITY_LIST_USERS_FAILED: define(
    502,
    'Error listing the users in the identity service.',
    'Fehler beim Auflisten der Benutzer im Identitätsdienst.',
  ),
  IDENTITY_GET_USER_FAILED: define(
    502,
    'Error getting the user from the identity service.',
    'Fehler beim Abrufen des Benutzers aus dem Identitätsdienst.',
  ),
  IDENTITY_RESET_PASSWORD_FAILED: define(
    502,
    'Error resetting the password in the identity service.',
    'Fehler beim Zurücksetzen des Passworts im Identitätsdienst.',
  ),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

export function errorMessage(code: ErrorCode, language: Language): string {
  return errorCatalogue[code].messages[language];
}

/** The body of every error answer of the API. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** Field-level problems of a VALIDATION_FAILED answer. */
  details?: { path: string; message: string }[];
}
