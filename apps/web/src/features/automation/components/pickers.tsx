// The selects only a rule has: the channels its conditions test and the people it notifies (the others are
// the step editor's). Each reads its own options (one request per list for the whole editor, cached) and
// passes what Form.Item gives it (id, value, onChange) to antd's Select.
import { useMemo } from 'react';
import { Select } from 'antd';
import { ChannelIcon } from '../../../components/channel-icon';
import { searchable, type PickerProps } from '../../../components/step-editor/pickers';
import { useRetrievalNotice } from '../../../lib/notices';
import { useChannelOptions, useUserOptions } from '../api/rule-options';

/** Channels, with their brand marks. */
export function ChannelPicker(props: PickerProps) {
  const channels = useChannelOptions();
  useRetrievalNotice(channels.isError, 'channels');
  const options = useMemo(
    () => (channels.data ?? []).map((c) => ({ value: c.id, label: c.name, type: c.type })),
    [channels.data],
  );
  return (
    <Select
      {...props}
      options={options}
      loading={channels.isLoading}
      showSearch={searchable}
      optionRender={(option) => (
        <span className="step-option">
          <ChannelIcon type={option.data.type} size={16} />
          {option.label}
        </span>
      )}
    />
  );
}

/** The organisation's users. */
export function UserPicker(props: PickerProps) {
  const users = useUserOptions();
  useRetrievalNotice(users.isError, 'users');
  const options = useMemo(
    () => (users.data ?? []).map((user) => ({ value: user.id, label: user.displayName })),
    [users.data],
  );
  return <Select {...props} options={options} loading={users.isLoading} showSearch={searchable} />;
}
