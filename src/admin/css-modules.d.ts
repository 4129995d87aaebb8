// Bun bundles imported CSS into the app's stylesheet; TypeScript only needs to know the import exists.
declare module "*.css";
