// Tags the model finds fitting: asked for with a button under the issue's tags, each shown as a
// chip the agent adds with a click; nothing is applied by itself.
import { Button, Tag } from 'antd';
import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../lib/notices';
import { useAssistFeatures, useSuggestedTags } from '../api/assist';

type Props = { issueId: number; applied: string[]; onAdd: (tagId: string) => void };

export function SuggestedTags({ issueId, applied, onAdd }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const features = useAssistFeatures();
  const suggest = useSuggestedTags(issueId);
  if (!features.tags) return null;
  const fresh = suggest.data?.tags.filter((tag) => !applied.includes(tag.id));
  return (
    <div className="suggested-tags" data-testid="suggested-tags">
      <Button
        size="small"
        type="link"
        icon={<RobotOutlined />}
        loading={suggest.isPending}
        onClick={() =>
          suggest.mutate(undefined, { onError: (error) => notice.error(error, 'inbox.assist.failed') })
        }
        data-testid="suggest-tags"
      >
        {t('inbox.assist.suggestTags')}
      </Button>
      {fresh?.length === 0 && <span className="suggested-tags__none">{t('inbox.assist.noTags')}</span>}
      {fresh?.map((tag) => (
        <Tag.CheckableTag
          key={tag.id}
          checked={false}
          onChange={() => onAdd(tag.id)}
          data-testid="suggested-tag"
        >
          <PlusOutlined /> {tag.name}
        </Tag.CheckableTag>
      ))}
    </div>
  );
}
