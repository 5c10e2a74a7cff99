declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  /** Renders Swagger UI into `dom_id`; options as documented by swagger-ui. */
  const SwaggerUIBundle: (options: Record<string, unknown>) => unknown;
  export default SwaggerUIBundle;
}
