/**
 * What `@ant-design/v5-patch-for-react-19` does (adapts antd 5 to React 19: antd's static
 * message, modal and wave effect render through `createRoot`), with antd's render hook imported
 * from its own module: the package imports it from `antd`, which would load the whole of antd on
 * the first page (shared modules are not tree-shaken). This module is the one every antd piece of
 * the host's build uses, and the areas use the host's antd.
 */
import { unstableSetRender } from 'antd/es/config-provider/UnstableContext';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

unstableSetRender((node, container: Container) => {
  container._reactRoot ??= createRoot(container);
  const root = container._reactRoot;
  root.render(node);
  return () =>
    new Promise<void>((resolve) => {
      setTimeout(() => {
        root.unmount();
        resolve();
      }, 0);
    });
});
