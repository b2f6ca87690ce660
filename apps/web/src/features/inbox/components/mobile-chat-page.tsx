import { useState } from 'react';
import { Drawer } from 'antd';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolvePath, useAppNavigate, useLanguage } from '../../../lib/navigation';
import { useLiveCache } from '../api/live-cache';
import { useIssue } from '../api/issues';
import { ChatPane } from './chat-pane';
import { IssueInfo } from './issue-info';
import { useInboxUrl } from '../hooks/use-inbox-url';
import '../inbox.css';

/** /mobile/issue/chat?issueId=N: the conversation full screen, the issue's info in a bottom sheet. */
export function MobileChatPage() {
  const { t } = useTranslation();
  useLiveCache();
  const navigate = useAppNavigate();
  const language = useLanguage();
  const { issueId } = useInboxUrl();
  const issue = useIssue(issueId);
  const [isInfoOpen, setIsInfoOpen] = useState(false);
  if (issueId === null) return <Navigate to={resolvePath('/mobile/issue/inbox', language)} replace />;
  const open = (id: number) => {
    setIsInfoOpen(false);
    navigate(`/mobile/issue/chat?issueId=${id}`);
  };
  return (
    <div className="mobile-chat" data-testid="mobile-chat-page">
      <ChatPane
        issueId={issueId}
        onOpenIssue={open}
        onBack={() => navigate('/mobile/issue/inbox')}
        onShowInfo={() => setIsInfoOpen(true)}
      />
      <Drawer
        placement="bottom"
        size="80%"
        open={isInfoOpen}
        onClose={() => setIsInfoOpen(false)}
        title={t('inbox.chat.info')}
        rootClassName="info-sheet"
        data-testid="info-sheet"
      >
        {/* The sheet scrolls here, focusable: a closed issue's info holds nothing else the keyboard reaches. */}
        <div className="info-sheet__scroll" tabIndex={0} role="region" aria-label={t('inbox.chat.info')}>
          {issue.data && <IssueInfo issue={issue.data} onOpenIssue={open} />}
        </div>
      </Drawer>
    </div>
  );
}

export { MobileChatPage as Component };
export { loader } from './inbox-route';
