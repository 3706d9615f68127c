import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { NODE_HEIGHT, NODE_WIDTH } from '@fieldbook/core';
import { COLOR_SHADE, StatusIcon } from './status-look';

export interface StatusNodeData extends Record<string, unknown> {
  name: string;
  icon: string;
  color: keyof typeof COLOR_SHADE;
  /** No outgoing link: jobs end here (and the board hides it). */
  final: boolean;
  hidden: boolean;
  /** The graph check found something wrong here. */
  problem: boolean;
  first: boolean;
  /** Laid out top to bottom (a phone): links go from the bottom handle to the top one. */
  vertical: boolean;
}

export type StatusFlowNode = Node<StatusNodeData, 'status'>;

/**
 * A status on the diagram (125 x 75): its colour, icon and name; a link goes
 * from the right handle to the left handle of the next status (bottom to top
 * on a phone).
 */
export const StatusNode = memo(function StatusNode({ data, selected }: NodeProps<StatusFlowNode>) {
  const shade = COLOR_SHADE[data.color];
  return (
    <div
      className="status-node"
      data-problem={data.problem || undefined}
      data-selected={selected || undefined}
      style={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        background: `var(--mantine-color-${shade}-0)`,
        borderColor: `var(--mantine-color-${shade}-7)`,
        borderStyle: data.final ? 'double' : 'solid',
      }}
    >
      <Handle type="target" position={data.vertical ? Position.Top : Position.Left} />
      <div className="status-node-name">
        <StatusIcon name={data.icon} size={14} />
        <span>{data.name}</span>
      </div>
      <div className="status-node-tags">
        {data.first && <span>Start</span>}
        {data.final && <span>Final</span>}
        {data.hidden && !data.final && <span>Hidden</span>}
      </div>
      <Handle type="source" position={data.vertical ? Position.Bottom : Position.Right} />
    </div>
  );
});
