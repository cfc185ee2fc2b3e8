/** A declared parameter as the API shows it (@platform/sandbox `ParameterSpec`). */
export type ParameterSpec = {
  readonly type: string | readonly string[];
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, ParameterSpec>>;
  readonly items?: ParameterSpec;
  readonly description?: string;
};

export type Ingress = {
  readonly id: string;
  readonly componentId: string;
  readonly acl: readonly string[];
  readonly properties: { readonly route: string; readonly httpMethod: string; readonly isPublic: boolean };
  readonly url: string;
};

/** An app as GET /resources/apps/{appId} (and, without sources, the list) shows it. */
export type App = {
  readonly appId: string;
  readonly name: string;
  readonly description: string;
  readonly authors: readonly string[];
  readonly extensions: { readonly portal?: string } | null;
  readonly components: readonly { readonly id: string; readonly parameters: Readonly<Record<string, ParameterSpec>>; readonly source?: string }[];
  readonly ingresses: readonly Ingress[];
  readonly manifest: { readonly jobDefinitions?: readonly { readonly id: string; readonly componentId?: unknown; readonly schedules?: unknown }[] };
  readonly digest: string;
  readonly version: number;
  readonly installedAt: string;
  readonly updatedAt: string;
};
