import '@xyflow/react/dist/style.css';
import './workflow-diagram.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
  type OnBeforeDelete,
  type ReactFlowInstance,
} from '@xyflow/react';
import { modals } from '@mantine/modals';
import { NODE_HEIGHT, NODE_WIDTH, isFinal, type TStatus } from '@fieldbook/core';
import { StatusNode, type StatusFlowNode } from './status-node';

const nodeTypes = { status: StatusNode };

interface Props {
  statuses: TStatus[];
  selectedId: string | null;
  /** Status ids the graph check marks. */
  problemIds: ReadonlySet<string>;
  onSelect: (statusId: string | null) => void;
  onMove: (nodeId: string, x: number, y: number) => void;
  onLink: (fromNode: string, toNode: string) => void;
  onUnlink: (fromNode: string, toNode: string) => void;
  onRemove: (statusId: string) => void;
  /**
   * Top to bottom (a phone): the saved places are shown turned a quarter,
   * columns becoming rows, and a drop is saved turned back.
   */
  vertical?: boolean;
  /** Changes when the statuses were arranged: the diagram fits them in view again. */
  fitKey?: number;
}

const FIT = { padding: 0.2, maxZoom: 1.2 };
// On a phone names stay readable: the diagram pans rather than shrinking below this.
const PHONE_FIT = { padding: 0.1, maxZoom: 1.2, minZoom: 0.8 };

/** Saved places (left to right) to places shown top to bottom, and back. */
const SX = 0.7;
const SY = 1.5;
const turn = (p: { x: number; y: number }) => ({ x: p.y * SY, y: p.x * SX });
const unturn = (p: { x: number; y: number }) => ({ x: p.y / SX, y: p.x / SY });

const edgeId = (from: string, to: string) => `${from}->${to}`;

/** Asks before statuses go (their links and field permissions go with them). */
function confirmRemove(names: string[]): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: 'Please confirm',
      children: `Delete the status ${names.map((n) => `'${n}'`).join(', ')}?`,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

/**
 * The workflow of one type on React Flow: a node per status, placed where it
 * was dropped; a link from a node's right handle to another's left handle
 * means "next". The statuses are the truth: the diagram only keeps what it
 * needs while a node is dragged and the sizes it measured.
 */
export function WorkflowDiagram(props: Props) {
  const { statuses, selectedId, problemIds, vertical = false } = props;
  const fit = vertical ? PHONE_FIT : FIT;
  const shown = (p: { x: number; y: number }) => (vertical ? turn(p) : p);
  const [dragging, setDragging] = useState<Record<string, { x: number; y: number }>>({});
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const flow = useRef<ReactFlowInstance<StatusFlowNode, Edge> | null>(null);

  // A status added (or removed), or all arranged, is brought into view with the rest.
  const count = statuses.length;
  useEffect(() => {
    // A frame later: React Flow takes the new places in its own effect first.
    const frame = requestAnimationFrame(() => void flow.current?.fitView(fit));
    return () => cancelAnimationFrame(frame);
  }, [count, fit, props.fitKey]);

  const nodes = useMemo<StatusFlowNode[]>(
    () =>
      statuses.map((s, i) => ({
        id: s.draw.id,
        type: 'status',
        position: dragging[s.draw.id] ?? shown({ x: s.draw.x, y: s.draw.y }),
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        measured: measured[s.draw.id],
        // A selected link takes the selection: Delete then removes the link only.
        selected: s.id === selectedId && !selectedEdge,
        dragging: !!dragging[s.draw.id],
        ariaLabel: `Status ${s.name}${isFinal(s) ? ' (final)' : ''}`,
        data: {
          name: s.name,
          icon: s.icon ?? '',
          color: s.color,
          final: isFinal(s),
          hidden: s.hide,
          problem: problemIds.has(s.id),
          first: i === 0,
          vertical,
        },
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shown follows vertical
    [statuses, selectedId, selectedEdge, problemIds, dragging, measured, vertical],
  );

  const edges = useMemo<Edge[]>(() => {
    const byNode = new Map(statuses.map((s) => [s.draw.id, s]));
    return statuses.flatMap((s) =>
      s.draw.linksTo
        .filter((t) => byNode.has(t))
        .map((t) => ({
          id: edgeId(s.draw.id, t),
          source: s.draw.id,
          target: t,
          selected: selectedEdge === edgeId(s.draw.id, t),
          markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
          ariaLabel: `Link from ${s.name} to ${byNode.get(t)!.name}`,
          style: { strokeWidth: 2 },
        })),
    );
  }, [statuses, selectedEdge]);

  const byNode = useMemo(() => new Map(statuses.map((s) => [s.draw.id, s])), [statuses]);

  const onNodesChange = (changes: NodeChange<StatusFlowNode>[]) => {
    for (const c of changes) {
      if (c.type === 'dimensions' && c.dimensions) {
        const dim = c.dimensions;
        setMeasured((m) => ({ ...m, [c.id]: dim }));
      } else if (c.type === 'position') {
        const at = c.position ?? dragging[c.id];
        if (c.dragging && c.position) {
          const pos = c.position;
          setDragging((d) => ({ ...d, [c.id]: pos }));
        } else {
          // Dropped, or moved with the arrow keys: the place is saved in draw.
          if (at) {
            const saved = vertical ? unturn(at) : at;
            props.onMove(c.id, saved.x, saved.y);
          }
          setDragging(({ [c.id]: _done, ...rest }) => rest);
        }
      } else if (c.type === 'select') {
        // The editor keeps the last status chosen: a tap on the background
        // (to pan on a phone) does not close it.
        const s = byNode.get(c.id);
        if (c.selected && s) {
          setSelectedEdge(null);
          props.onSelect(s.id);
        }
      } else if (c.type === 'remove') {
        const s = byNode.get(c.id);
        if (s) props.onRemove(s.id);
      }
    }
  };

  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const c of changes) {
      if (c.type === 'select') {
        if (c.selected) setSelectedEdge(c.id);
        else setSelectedEdge((e) => (e === c.id ? null : e));
      } else if (c.type === 'remove') {
        const [from, to] = c.id.split('->');
        if (from && to) props.onUnlink(from, to);
      }
    }
  };

  const onConnect = (c: Connection) => {
    if (c.source && c.target && c.source !== c.target) props.onLink(c.source, c.target);
  };

  // Statuses are asked about; links go at once (they are easily drawn again).
  const onBeforeDelete: OnBeforeDelete<StatusFlowNode, Edge> = async ({ nodes: gone, edges }) => {
    if (gone.length === 0) return { nodes: gone, edges };
    // With a link selected only the link goes (the status stays selected in the editor).
    if (selectedEdge) return { nodes: [], edges: edges.filter((e) => e.id === selectedEdge) };
    return (await confirmRemove(gone.map((n) => n.data.name))) ? { nodes: gone, edges } : false;
  };

  return (
    <div
      className="workflow-diagram"
      data-testid="workflow-diagram"
      data-vertical={vertical || undefined}
    >
      <ReactFlow<StatusFlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onBeforeDelete={onBeforeDelete}
        onPaneClick={() => setSelectedEdge(null)}
        deleteKeyCode={['Backspace', 'Delete']}
        onInit={(instance) => (flow.current = instance)}
        fitView
        fitViewOptions={fit}
        minZoom={vertical ? 0.8 : 0.3}
        maxZoom={2}
        // A phone scrolls the page with one finger; the diagram pans with the
        // controls or by dragging the background.
        preventScrolling={false}
        zoomOnScroll={false}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
