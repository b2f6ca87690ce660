import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';
import { ListCard, ListSearch } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { ensureChannelTexts } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/navigation';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { useMetaConnection } from '../api/get-meta-connection';
import { useMetaLoginUrl } from '../api/get-meta-login-url';
import { useTeams } from '../api/get-teams';
import { TYPE_LABELS } from '../utils/channel-form';
import { forgetFacebookLogin, pendingFacebookLogin, rememberFacebookLogin } from '../utils/facebook-login';
import type { MetaChannelType } from '../utils/facebook-login';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { AddChannelModal } from './add-channel-modal';
import type { DrawerState } from './channel-drawer';
import { ChannelTable } from './channel-table';
import { ConnectionBanner } from './connection-banner';
import { FileLinksSetting } from './file-links-setting';
import '../channels.css';

// The form (date and time pickers, selects, the drawer) loads when first opened: the list comes first.
const ChannelDrawer = lazy(() =>
  import('./channel-drawer').then(({ ChannelDrawer }) => ({ default: ChannelDrawer })),
);

/** /setting/channel (desktop only): the organisation's LINE, Messenger and Instagram channels. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const connectionId = searchParams.get('connection');
  const loginOutcome = loginOutcomeOf(searchParams.get('facebookLogin'));
  const channelsQuery = useChannels();
  const teamsQuery = useTeams();
  const connectionQuery = useMetaConnection(connectionId);
  const deleteMutation = useDeleteChannel();
  const loginMutation = useMetaLoginUrl();
  const [confirm, confirmHolder] = useConfirm();
  const [search, setSearch] = useState('');
  const [isChoosing, setIsChoosing] = useState(false);
  const [returning] = useState(() => (connectionId || loginOutcome ? pendingFacebookLogin() : null));
  const [drawer, setDrawer, hasOpenedDrawer] = useLazyPanel<DrawerState>(
    returning && connectionId ? { mode: 'create', type: returning.type, connectionId } : null,
  );
  useRetrievalNotice(channelsQuery.isError, 'channels');
  useRetrievalNotice(teamsQuery.isError, 'teams');

  const channels = useMemo(() => channelsQuery.data ?? [], [channelsQuery.data]);
  const teams = useMemo(() => teamsQuery.data ?? [], [teamsQuery.data]);
  const teamNames = useMemo(() => new Map(teams.map((team) => [team.id, team.name])), [teams]);
  const shown = useMemo(() => {
    const query = search.trim().toLocaleLowerCase();
    if (!query) return channels;
    return channels.filter((channel) =>
      [
        channel.name,
        channel.externalId,
        t(TYPE_LABELS[channel.type]),
        channel.assignedTeamId ? (teamNames.get(channel.assignedTeamId) ?? '') : '',
      ].some((text) => text.toLocaleLowerCase().includes(query)),
    );
  }, [channels, search, teamNames, t]);

  // Back from Facebook Login (?connection=<id>, or ?facebookLogin=cancelled|failed): in the admin's
  // language; with a connection, the form they started opens again.
  useEffect(() => {
    if (!returning) return;
    forgetFacebookLogin();
    if (returning.language !== language) {
      setSearchParams(
        (params) => {
          params.set('lang', returning.language);
          return params;
        },
        { replace: true },
      );
    }
  }, [returning, language, setSearchParams]);

  // A cancelled or failed login says so once the admin's language is back (the notice is shown in it).
  const isLanguageBack = !returning || returning.language === language;
  useEffect(() => {
    if (!loginOutcome || !isLanguageBack) return;
    if (loginOutcome === 'cancelled') notice.warning('channels.facebookLogin.cancelled');
    else notice.error(null, 'channels.facebookLogin.providerFailed');
    setSearchParams(
      (params) => {
        params.delete('facebookLogin');
        return params;
      },
      { replace: true },
    );
  }, [loginOutcome, isLanguageBack, notice, setSearchParams]);

  const isConnectionFailed = connectionQuery.isError;
  useEffect(() => {
    if (!isConnectionFailed) return;
    notice.error(null, 'errors.channel.connection_expired');
    setSearchParams(
      (params) => {
        params.delete('connection');
        return params;
      },
      { replace: true },
    );
  }, [isConnectionFailed, notice, setSearchParams]);

  function handleDoneWithConnection() {
    setSearchParams(
      (params) => {
        params.delete('connection');
        return params;
      },
      { replace: true },
    );
  }

  async function handleFacebookLogin(type: MetaChannelType) {
    try {
      const url = await loginMutation.mutateAsync();
      rememberFacebookLogin({ type, language });
      // Facebook Login is a full-page visit; the server's callback brings the browser back here.
      window.location.assign(url);
    } catch (error) {
      notice.error(error, 'channels.facebookLogin.failed');
    }
  }

  function handleReconnect(type: ChannelType) {
    if (type !== 'line') void handleFacebookLogin(type);
  }

  function handleSaved(channel: Channel, isNew: boolean) {
    if (isNew && channel.type === 'line') {
      // Next step for a LINE channel: paste its webhook URL into the LINE Developers console.
      notice.success('channels.created');
      setDrawer({ mode: 'edit', id: channel.id });
      return;
    }
    notice.success(isNew ? 'channels.created' : 'channels.saved');
    setDrawer(null);
  }

  function handleDelete(channel: Channel) {
    confirm({
      title: t('channels.deleteConfirm.title', { name: channel.name }),
      content: t('channels.deleteConfirm.text'),
      okText: t('channels.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(channel.id);
          notice.success('channels.deleted');
          setDrawer((current) => (current?.mode === 'edit' && current.id === channel.id ? null : current));
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <SettingsPage
      testId="channels-page"
      title={t('channels.title')}
      subtitle={t('channels.subtitle')}
      add={{ label: t('channels.add'), onClick: () => setIsChoosing(true), testId: 'add-channel' }}
    >
      {confirmHolder}
      {connectionId && (
        <ConnectionBanner
          connectionId={connectionId}
          onAdd={(type) => setDrawer({ mode: 'create', type, connectionId })}
          onDone={handleDoneWithConnection}
        />
      )}
      <ListCard
        toolbar={
          <>
            <ListSearch
              value={search}
              onChange={setSearch}
              label={t('channels.search')}
              testId="channel-search"
            />
            <FileLinksSetting />
          </>
        }
        isError={channelsQuery.isError}
        onRetry={() => void channelsQuery.refetch()}
      >
        <ChannelTable
          channels={shown}
          hasAny={channels.length > 0}
          teamNames={teamNames}
          isLoading={channelsQuery.isLoading}
          onAdd={() => setIsChoosing(true)}
          onEdit={(channel) => setDrawer({ mode: 'edit', id: channel.id })}
          onDelete={handleDelete}
        />
      </ListCard>
      <AddChannelModal
        open={isChoosing}
        hasConnection={connectionId !== null && connectionQuery.isSuccess}
        isLoggingIn={loginMutation.isPending}
        onClose={() => setIsChoosing(false)}
        onAddLine={() => {
          setIsChoosing(false);
          setDrawer({ mode: 'create', type: 'line', connectionId: null });
        }}
        onAddFromConnection={(type) => {
          setIsChoosing(false);
          setDrawer({ mode: 'create', type, connectionId });
        }}
        onFacebookLogin={(type) => void handleFacebookLogin(type)}
      />
      {hasOpenedDrawer && (
        <Suspense fallback={<PageSpinner />}>
          <ChannelDrawer
            state={drawer}
            teams={teams}
            isTeamsLoading={teamsQuery.isLoading}
            channels={channels}
            onClose={() => setDrawer(null)}
            onSaved={handleSaved}
            onReconnect={handleReconnect}
          />
        </Suspense>
      )}
    </SettingsPage>
  );
}

export { ChannelsPage as Component };

/** The server's callback reports a login that brought no connection as `?facebookLogin=cancelled|failed`. */
function loginOutcomeOf(value: string | null): 'cancelled' | 'failed' | null {
  return value === 'cancelled' || value === 'failed' ? value : null;
}

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureChannelTexts();
  return null;
}
