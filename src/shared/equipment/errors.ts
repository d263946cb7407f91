import { defineErrors } from '../define-errors.ts';

/** Equipment, tags in the field, inspections and maintenances (issue 11). */
export const equipmentErrors = defineErrors({
  TAG_NOT_FOUND: {
    status: 404,
    message: 'Tag não encontrada',
    en: 'Tag not found',
    es: 'Etiqueta no encontrada',
  },
  TAG_ALREADY_USED: {
    status: 409,
    message: 'A tag {serial} já está em uso por outro equipamento',
    en: 'Tag {serial} is already used by another equipment',
    es: 'La etiqueta {serial} ya está en uso por otro equipo',
  },
  TAG_DISABLED: {
    status: 409,
    message: 'A tag {serial} está desativada',
    en: 'Tag {serial} is disabled',
    es: 'La etiqueta {serial} está desactivada',
  },
  TAG_NOT_USED: {
    status: 409,
    message: 'A tag {serial} não tem equipamento cadastrado',
    en: 'Tag {serial} has no registered equipment',
    es: 'La etiqueta {serial} no tiene equipo registrado',
  },
  TAGS_LIMIT_REACHED: {
    status: 409,
    message: 'A empresa atingiu o limite de {limit} tags em uso',
    en: 'The company has reached its limit of {limit} tags in use',
    es: 'La empresa alcanzó su límite de {limit} etiquetas en uso',
  },
  EQUIPMENT_NOT_FOUND: {
    status: 404,
    message: 'Equipamento não encontrado',
    en: 'Equipment not found',
    es: 'Equipo no encontrado',
  },
  EQUIPMENT_PRODUCT_INVALID: {
    status: 400,
    message: 'Produto inválido ou desativado',
    en: 'Invalid or disabled product',
    es: 'Producto inválido o desactivado',
  },
  EQUIPMENT_ATTRIBUTE_INVALID: {
    status: 400,
    message: 'Valor inválido para o atributo {attribute}',
    en: 'Invalid value for attribute {attribute}',
    es: 'Valor inválido para el atributo {attribute}',
    ids: ['attributeId'],
  },
  EQUIPMENT_RETEST_BEFORE_MANUFACTURE: {
    status: 400,
    message: '{attribute}: o teste hidrostático não pode ser anterior à data de fabricação',
    en: '{attribute}: the hydrostatic test cannot be before the manufacturing date',
    es: '{attribute}: la prueba hidrostática no puede ser anterior a la fecha de fabricación',
    ids: ['attributeId'],
  },
  INSPECTION_ANSWER_MISSING: {
    status: 400,
    message: 'Responda a pergunta: {question}',
    en: 'Answer the question: {question}',
    es: 'Responda la pregunta: {question}',
    ids: ['questionId'],
  },
  INSPECTION_ANSWER_INVALID: {
    status: 400,
    message: 'Resposta inválida para a pergunta: {question}',
    en: 'Invalid answer to the question: {question}',
    es: 'Respuesta inválida a la pregunta: {question}',
    ids: ['questionId'],
  },
  MAINTENANCE_PART_INVALID: {
    status: 400,
    message: 'Peça inválida para este produto',
    en: 'Invalid part for this product',
    es: 'Pieza inválida para este producto',
  },
  RECORD_PERFORMED_AT_FUTURE: {
    status: 400,
    message: 'A data de realização não pode estar no futuro',
    en: 'The performed date cannot be in the future',
    es: 'La fecha de realización no puede estar en el futuro',
  },
  RECORD_PERFORMED_AT_TOO_OLD: {
    status: 400,
    message: 'Registros feitos sem conexão devem ser enviados em até {days} dias',
    en: 'Records made offline must be sent within {days} days',
    es: 'Los registros hechos sin conexión deben enviarse en un máximo de {days} días',
  },
  RECORD_SCANNED_AT_INVALID: {
    status: 400,
    message: 'A hora da leitura da tag não pode ser posterior ao envio',
    en: 'The tag scan time cannot be after the submission',
    es: 'La hora de lectura de la etiqueta no puede ser posterior al envío',
  },
  EQUIPMENT_REFERENCE_LOCATION_INVALID: {
    status: 400,
    message: 'Informe latitude e longitude juntas',
    en: 'Give latitude and longitude together',
    es: 'Informe latitud y longitud juntas',
  },
  WORKING_SET_CURSOR_INVALID: {
    status: 400,
    message: 'Download dos dados offline expirado ou inválido; recomece',
    en: 'The offline data download is expired or invalid; start again',
    es: 'La descarga de los datos sin conexión caducó o no es válida; vuelva a empezar',
  },
  EQUIPMENT_ALREADY_TAGGED: {
    status: 409,
    message: 'Este equipamento já tem a tag {serial}',
    en: 'This equipment already has tag {serial}',
    es: 'Este equipo ya tiene la etiqueta {serial}',
  },
  TAG_ASSIGNMENTS_INVALID: {
    status: 409,
    message: 'Nenhuma tag foi atribuída: corrija as linhas marcadas',
    en: 'No tag was assigned: fix the marked rows',
    es: 'No se asignó ninguna etiqueta: corrija las filas marcadas',
  },
});
