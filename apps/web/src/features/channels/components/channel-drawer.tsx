import type { ReactNode } from 'react';
import { Drawer, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';
import { LineQuotaPanel } from '../../../components/line-quota-panel';
import { RetryNotice } from '../../../components/retry-notice';
import { useRetrievalNotice } from '../../../lib/notices';
import { useChannel } from '../api/get-channel';
import type { TeamSummary } from '../api/get-teams';
import { TYPE_LABELS } from '../utils/channel-form';
import { ChannelForm } from './channel-form';
import { CommentRules } from './comment-rules';
import { CsatSettingsPanel } from './csat-settings';
import { FirstResponderPanel } from './first-responder-settings';

export type DrawerState =
  { mode: 'create'; type: ChannelType; connectionId: string | null } | { mode: 'edit'; id: string };

type ChannelDrawerProps = {
  state: DrawerState | null;
  teams: readonly TeamSummary[];
  isTeamsLoading: boolean;
  channels: readonly Channel[];
  onClose: () => void;
  onSaved: (channel: Channel, isNew: boolean) => void;
  onReconnect: (type: ChannelType) => void;
};

/** Adding or editing a channel, beside the list. Editing starts from a fresh GET of the channel. */
export function ChannelDrawer({
  state,
  teams,
  isTeamsLoading,
  channels,
  onClose,
  onSaved,
  onReconnect,
}: ChannelDrawerProps) {
  const { t } = useTranslation();
  const channelQuery = useChannel(state?.mode === 'edit' ? state.id : null);
  useRetrievalNotice(state?.mode === 'edit' && channelQuery.isError, 'channels');
  const channel = state?.mode === 'edit' ? (channelQuery.data ?? null) : null;
  const type = state?.mode === 'create' ? state.type : channel?.type;
  const title =
    state?.mode === 'create'
      ? t('channels.form.createTitle', { type: t(TYPE_LABELS[state.type]) })
      : channel
        ? t('channels.form.editTitle', { name: channel.name })
        : t('common.loading');

  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={760}
      title={title}
      destroyOnHidden
      rootClassName="channel-drawer"
    >
      {state?.mode === 'edit' &&
        !channel &&
        (channelQuery.isError ? (
          <RetryNotice onRetry={() => void channelQuery.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        ))}
      {/* A connected LINE channel starts with this month's quota: what its pushes have used up. */}
      {channel?.type === 'line' && (
        <section className="channel-form__section" data-testid="line-quota-section">
          <h3 className="channel-form__section-title">{t('lineQuota.title')}</h3>
          <p className="channel-form__hint">{t('lineQuota.hint')}</p>
          <LineQuotaPanel channelId={channel.id} />
        </section>
      )}
      {state && type && (state.mode === 'create' || channel) && (
        <ChannelTabs channel={channel}>
          <ChannelForm
            key={
              state.mode === 'edit' ? `edit-${state.id}` : `create-${state.type}-${state.connectionId ?? ''}`
            }
            type={type}
            channel={channel}
            connectionId={state.mode === 'create' ? state.connectionId : null}
            teams={teams}
            isTeamsLoading={isTeamsLoading}
            channels={channels}
            onSaved={onSaved}
            onCancel={onClose}
            onReconnect={() => onReconnect(type)}
          />
        </ChannelTabs>
      )}
    </Drawer>
  );
}

/**
 * A channel being edited has its satisfaction survey and, on Facebook or Instagram, its
 * comment rules and its AI first responder on tabs of their own: each is saved apart from the channel's settings,
 * whose form keeps its Save at the bottom.
 */
function ChannelTabs({ channel, children }: { channel: Channel | null; children: ReactNode }) {
  const { t } = useTranslation();
  if (!channel) return children;
  return (
    <Tabs
      className="channel-drawer__tabs"
      items={[
        { key: 'settings', label: t('channels.form.tabs.settings'), children },
        ...(channel.type === 'line'
          ? []
          : [
              {
                key: 'commentRules',
                label: <span data-testid="comment-rules-tab">{t('channels.form.tabs.commentRules')}</span>,
                children: <CommentRules channel={channel} />,
              },
            ]),
        {
          key: 'csat',
          label: <span data-testid="csat-tab">{t('channels.form.tabs.csat')}</span>,
          children: <CsatSettingsPanel channel={channel} />,
        },
        {
          key: 'firstResponder',
          label: <span data-testid="first-responder-tab">{t('channels.form.tabs.firstResponder')}</span>,
          children: <FirstResponderPanel channel={channel} />,
        },
      ]}
    />
  );
}
