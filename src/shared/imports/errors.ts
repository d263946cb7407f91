import { defineErrors } from '../define-errors.ts';

/**
 * Imports from spreadsheets (issue 31). The file's codes answer the request; the row codes are the
 * `code` of a dry run's problems (with the existing EQUIPMENT_* and TAG_* codes).
 */
export const importsErrors = defineErrors({
  IMPORT_FILE_MISSING: {
    status: 400,
    message: 'Envie um arquivo CSV ou XLSX',
    en: 'Send a CSV or XLSX file',
    es: 'Envíe un archivo CSV o XLSX',
  },
  IMPORT_FILE_TOO_LARGE: {
    status: 413,
    message: 'O arquivo passa de 10 MB',
    en: 'The file is larger than 10 MB',
    es: 'El archivo supera los 10 MB',
  },
  IMPORT_FILE_TYPE_INVALID: {
    status: 415,
    message: 'O arquivo não é um CSV nem uma planilha XLSX',
    en: 'The file is neither a CSV nor an XLSX spreadsheet',
    es: 'El archivo no es un CSV ni una hoja XLSX',
  },
  IMPORT_FILE_NOT_FOUND: {
    status: 404,
    message: 'Arquivo de importação não encontrado',
    en: 'Import file not found',
    es: 'Archivo de importación no encontrado',
  },
  IMPORT_FILE_EMPTY: {
    status: 400,
    message: 'O arquivo não tem linha de cabeçalho',
    en: 'The file has no header row',
    es: 'El archivo no tiene fila de encabezado',
  },
  IMPORT_FILE_UNREADABLE: {
    status: 400,
    message: 'Não foi possível ler o arquivo',
    en: 'The file could not be read',
    es: 'No se pudo leer el archivo',
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    message: 'O arquivo passa de {max} linhas',
    en: 'The file has more than {max} rows',
    es: 'El archivo tiene más de {max} filas',
  },
  IMPORT_KIND_UNAVAILABLE: {
    status: 400,
    message: 'Importação de {kind} indisponível',
    en: 'Import of {kind} is not available',
    es: 'Importación de {kind} no disponible',
  },
  IMPORT_MAPPING_INVALID: {
    status: 400,
    message: 'Coluna {column}: campo de destino desconhecido ({field})',
    en: 'Column {column}: unknown target field ({field})',
    es: 'Columna {column}: campo de destino desconocido ({field})',
  },
  IMPORT_MAPPING_DUPLICATE: {
    status: 400,
    message: 'O campo {field} foi associado a mais de uma coluna',
    en: 'The field {field} is mapped from more than one column',
    es: 'El campo {field} está asociado a más de una columna',
  },
  IMPORT_MAPPING_REQUIRED: {
    status: 400,
    message: 'Associe uma coluna ao campo {field}',
    en: 'Map a column to the field {field}',
    es: 'Asocie una columna al campo {field}',
  },
  IMPORT_COMPANY_REQUIRED: {
    status: 400,
    message: 'Informe a empresa (CNPJ ou nome) ou escolha uma empresa para a importação',
    en: 'Give the company (CNPJ or name) or choose a company for the import',
    es: 'Indique la empresa (CNPJ o nombre) o elija una empresa para la importación',
  },
  IMPORT_VALUE_REQUIRED: {
    status: 400,
    message: 'Campo obrigatório',
    en: 'Required field',
    es: 'Campo obligatorio',
  },
  IMPORT_TEXT_TOO_LONG: {
    status: 400,
    message: 'Texto com mais de {max} caracteres',
    en: 'Text longer than {max} characters',
    es: 'Texto con más de {max} caracteres',
  },
  IMPORT_DATE_INVALID: {
    status: 400,
    message: 'Data inválida: use DD/MM/AAAA ou AAAA-MM-DD',
    en: 'Invalid date: use DD/MM/YYYY or YYYY-MM-DD',
    es: 'Fecha inválida: use DD/MM/AAAA o AAAA-MM-DD',
  },
  IMPORT_DATE_IN_FUTURE: {
    status: 400,
    message: 'A data não pode estar no futuro',
    en: 'The date cannot be in the future',
    es: 'La fecha no puede estar en el futuro',
  },
  IMPORT_NUMBER_INVALID: {
    status: 400,
    message: 'Número inválido',
    en: 'Invalid number',
    es: 'Número inválido',
  },
  IMPORT_SERIAL_INVALID: {
    status: 400,
    message: 'Número de série de tag inválido',
    en: 'Invalid tag serial number',
    es: 'Número de serie de etiqueta inválido',
  },
  IMPORT_COMPANY_NOT_FOUND: {
    status: 400,
    message: 'Empresa não encontrada',
    en: 'Company not found',
    es: 'Empresa no encontrada',
  },
  IMPORT_COMPANY_AMBIGUOUS: {
    status: 400,
    message: 'Mais de uma empresa com este nome: use o CNPJ',
    en: 'More than one company has this name: use the CNPJ',
    es: 'Más de una empresa con este nombre: use el CNPJ',
  },
  IMPORT_PRODUCT_NOT_FOUND: {
    status: 400,
    message: 'Produto não encontrado ou desativado',
    en: 'Product not found or disabled',
    es: 'Producto no encontrado o desactivado',
  },
  IMPORT_PRODUCT_AMBIGUOUS: {
    status: 400,
    message: 'Mais de um produto com este nome: use o SKU',
    en: 'More than one product has this name: use the SKU',
    es: 'Más de un producto con este nombre: use el SKU',
  },
  IMPORT_KEY_MISSING: {
    status: 400,
    message: 'Informe a tag ou o número de controle',
    en: 'Give the tag or the control number',
    es: 'Indique la etiqueta o el número de control',
  },
  IMPORT_DUPLICATE_ROW: {
    status: 400,
    message: 'Mesma tag ou número de controle da linha {line}',
    en: 'Same tag or control number as line {line}',
    es: 'Misma etiqueta o número de control que la línea {line}',
  },
  IMPORT_KEY_AMBIGUOUS: {
    status: 400,
    message: 'Mais de um equipamento da empresa tem este número de controle',
    en: 'More than one equipment of the company has this control number',
    es: 'Más de un equipo de la empresa tiene este número de control',
  },
  IMPORT_TAG_OF_ANOTHER_COMPANY: {
    status: 400,
    message: 'A tag {serial} pertence a outra empresa',
    en: 'Tag {serial} belongs to another company',
    es: 'La etiqueta {serial} pertenece a otra empresa',
  },
  IMPORT_ROW_FAILED: {
    status: 400,
    message: 'A linha não pôde ser gravada: {reason}',
    en: 'The row could not be saved: {reason}',
    es: 'La fila no pudo guardarse: {reason}',
  },
});
