/** The ClusterExtension and ClusterCatalog API (operator-controller api/v1). */
export const OLM_V1_API = 'olm.operatorframework.io/v1';
