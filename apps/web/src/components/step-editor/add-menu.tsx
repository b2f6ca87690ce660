import { Button, Dropdown } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

type AddMenuProps<T extends string> = {
  label: string;
  options: readonly { type: T; label: string }[];
  onAdd: (type: T) => void;
  testId: string;
};

/** "Add step", "Add action", "Add condition": a button opening the kinds to choose from. */
export function AddMenu<T extends string>({ label, options, onAdd, testId }: AddMenuProps<T>) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: options.map(({ type, label: text }) => ({
          key: type,
          label: text,
          'data-testid': `${testId}-${type}`,
        })),
        onClick: ({ key }) => onAdd(key as T),
      }}
    >
      <Button type="dashed" icon={<PlusOutlined aria-hidden />} data-testid={testId}>
        {label}
      </Button>
    </Dropdown>
  );
}
