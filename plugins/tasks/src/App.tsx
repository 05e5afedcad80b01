import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { TaskForm } from './pages/TaskForm.js';
import { TaskList } from './pages/TaskList.js';
import { TaskResults } from './pages/TaskResults.js';

/**
 * The task area, mounted by the host at /task: the list, /task/addTask, /task/editTask?id=,
 * /task/runAgainTask?id= (spec §2) and /task/taskResult?id= (ours: a task's per-device results).
 */
export default function App({ basePath }: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<TaskList basePath={basePath} />} />
      <Route path="addTask" element={<TaskForm key="add" basePath={basePath} mode="add" />} />
      <Route path="editTask" element={<TaskForm key="edit" basePath={basePath} mode="edit" />} />
      <Route path="runAgainTask" element={<TaskForm key="runAgain" basePath={basePath} mode="runAgain" />} />
      <Route path="taskResult" element={<TaskResults basePath={basePath} />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
