/**
 * What keeps a record from being deleted (issue 17), after the catalogue message of an in-use refusal:
 * "Used by 3 game versions and 1 casino.", each part a link to its list, then the records it names.
 */
import type { RecordUsage, UsageKind } from '@backoffice/contracts';
import { Anchor, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useLanguage } from '../lib/use-language';

const linksOf: Record<UsageKind, { list: string; detail: (id: string) => string }> = {
  gameVersions: paths.gameVersions,
  casinos: paths.casinos,
  integrations: paths.integrations,
  games: paths.games,
};

export function UsageSentence({ usage }: { usage: RecordUsage[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (usage.length === 0) return null;

  // "1 casino and casinos you cannot see": those outside the scope are neither counted nor named, nor linked.
  const phrases = usage.flatMap(({ kind, count, othersHidden }) => [
    ...(count > 0 ? [{ kind, text: t(`usage.kinds.${kind}`, { count }), linked: true }] : []),
    ...(othersHidden ? [{ kind, text: t(`usage.hidden.${kind}`), linked: false }] : []),
  ]);
  let element = 0;
  const list = new Intl.ListFormat(language, { type: 'conjunction' })
    .formatToParts(phrases.map((phrase) => phrase.text))
    .map((part, index) => {
      if (part.type === 'literal') return <Fragment key={index}>{part.value}</Fragment>;
      const { kind, linked } = phrases[element++]!;
      if (!linked) return <Fragment key={index}>{part.value}</Fragment>;
      return (
        <Anchor key={index} component={Link} to={linksOf[kind].list} inherit>
          {part.value}
        </Anchor>
      );
    });
  // The words around the list, in the order of the language.
  const [before, after] = t('usage.usedBy', { list: '\u0000' }).split('\u0000');
  const named = usage.flatMap(({ kind, records }) => records.map((record) => ({ kind, ...record })));

  return (
    <>
      <Text inherit mt={4}>
        {before}
        {list}
        {after}
      </Text>
      {named.length > 0 && (
        <Group gap="xs" mt={4}>
          {named.map(({ kind, id, name }) => (
            <Anchor key={`${kind}:${id}`} component={Link} to={linksOf[kind].detail(id)} size="sm">
              {name}
            </Anchor>
          ))}
        </Group>
      )}
    </>
  );
}
