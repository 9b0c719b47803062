import { Badge, VisuallyHidden, type MantineSize } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignLog } from '../../../contract/logs.contract.ts';

type Titled = Pick<CampaignLog, 'name' | 'subject'>;

/** `{{ name }}` in a subject; split() puts each variable's name at an odd index. */
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/;

/** A campaign's title as plain text (labels, file names): the sender's name for it, or its subject. */
export function campaignLabel(campaign: Titled): string {
  return campaign.name ?? campaign.subject;
}

/**
 * A campaign's title: the name the sender gave it, or else its subject with each {{variable}} shown
 * as a small chip (read out as "variable …"), never as raw braces.
 */
export function CampaignTitle({ campaign, chipSize = 'sm' }: { campaign: Titled; chipSize?: MantineSize }) {
  const { t } = useTranslation();
  if (campaign.name) return <>{campaign.name}</>;
  const parts = campaign.subject.split(new RegExp(VARIABLE, 'g'));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part && <Fragment key={index}>{part}</Fragment>
        ) : (
          <Fragment key={index}>
            <Badge
              component="span"
              variant="light"
              radius="sm"
              size={chipSize}
              tt="none"
              dir="ltr"
              aria-hidden
              data-variable={part}
              style={{ verticalAlign: 'middle', marginInline: '0.15em' }}
            >
              {part}
            </Badge>
            <VisuallyHidden>{t('logs:title.variable', { name: part })}</VisuallyHidden>
          </Fragment>
        ),
      )}
    </>
  );
}
